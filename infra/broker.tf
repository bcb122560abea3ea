# Amazon MQ takes one user through its API. Its password is generated once into Secrets
# Manager (later plans keep the stored value) and read back from there, so the backend and the
# workers fetch it at start instead of carrying it in their configuration.
data "aws_secretsmanager_random_password" "broker" {
  password_length = 32
  # The workers put the password into an amqps:// URL; Amazon MQ forbids , : and =.
  exclude_punctuation = true
}

resource "aws_secretsmanager_secret" "broker" {
  name                    = "${var.name}/broker"
  description             = "RabbitMQ user of the SOAPBench broker (JSON: username, password)"
  recovery_window_in_days = 7
}

resource "aws_secretsmanager_secret_version" "broker" {
  secret_id = aws_secretsmanager_secret.broker.id
  secret_string = jsonencode({
    username = "soapbench"
    password = data.aws_secretsmanager_random_password.broker.random_password
  })

  lifecycle {
    ignore_changes = [secret_string]
  }
}

data "aws_secretsmanager_secret_version" "broker" {
  secret_id  = aws_secretsmanager_secret.broker.id
  version_id = aws_secretsmanager_secret_version.broker.version_id
}

# A worker acknowledges a job when its run ends, and a run may last hours: Amazon MQ's default
# consumer_timeout of 30 min would close the worker's channel mid-run and have the run delivered
# again, its servers rebuilt and warmed up anew (scripts/rabbitmq.sh sets the same for local brokers).
resource "aws_mq_configuration" "broker" {
  name           = "${var.name}-broker"
  description    = "SOAPBench: a job's delivery is held for its whole run"
  engine_type    = "RabbitMQ"
  engine_version = var.broker_engine_version
  data           = "consumer_timeout = ${local.broker_consumer_timeout_ms}\n"
}

resource "aws_mq_broker" "this" {
  broker_name        = var.name
  engine_type        = "RabbitMQ"
  engine_version     = var.broker_engine_version
  host_instance_type = var.broker_instance_type
  deployment_mode    = var.broker_deployment_mode
  # Amazon MQ manages patch versions of RabbitMQ 3.13 and wants this on.
  auto_minor_version_upgrade = true

  publicly_accessible = false
  subnet_ids          = var.broker_deployment_mode == "SINGLE_INSTANCE" ? [aws_subnet.private[local.azs[0]].id] : [for s in aws_subnet.private : s.id]
  security_groups     = [aws_security_group.broker.id]

  user {
    username = jsondecode(data.aws_secretsmanager_secret_version.broker.secret_string)["username"]
    password = jsondecode(data.aws_secretsmanager_secret_version.broker.secret_string)["password"]
  }

  configuration {
    id       = aws_mq_configuration.broker.id
    revision = aws_mq_configuration.broker.latest_revision
  }

  logs {
    general = true
  }

  maintenance_window_start_time {
    day_of_week = "SUNDAY"
    time_of_day = "03:00"
    time_zone   = "UTC"
  }
}
