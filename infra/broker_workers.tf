# Each hardware class's workers connect as a broker user of their own, whose password is
# generated once into Secrets Manager like the administrator's. Amazon MQ creates only the
# administrator; the backend creates these users and limits them through RabbitMQ's management
# API at start-up (backend/.../dispatch/WorkerBrokerUsers.java): consume bench.jobs.<class>, bind
# a control queue of their own, publish to bench.events, nothing else.
data "aws_secretsmanager_random_password" "broker_worker" {
  for_each = var.worker_classes

  password_length     = 32
  exclude_punctuation = true
}

resource "aws_secretsmanager_secret" "broker_worker" {
  for_each = var.worker_classes

  name                    = "${var.name}/broker-worker-${each.key}"
  description             = "RabbitMQ user of the ${each.key} workers (JSON: username, password)"
  recovery_window_in_days = 7
}

resource "aws_secretsmanager_secret_version" "broker_worker" {
  for_each = var.worker_classes

  secret_id = aws_secretsmanager_secret.broker_worker[each.key].id
  secret_string = jsonencode({
    username = "worker-${each.key}"
    password = data.aws_secretsmanager_random_password.broker_worker[each.key].random_password
  })

  lifecycle {
    ignore_changes = [secret_string]
  }
}

locals {
  # SOAPBENCH_WORKER_BROKER_USER_<CLASS> = the whole secret, as WorkerBrokerUsers reads it.
  broker_worker_secrets = {
    for class, secret in aws_secretsmanager_secret.broker_worker :
    "SOAPBENCH_WORKER_BROKER_USER_${upper(replace(class, "-", "_"))}" => secret.arn
  }
}

resource "aws_vpc_security_group_egress_rule" "backend_to_broker_management" {
  security_group_id            = aws_security_group.backend.id
  description                  = "RabbitMQ management API (HTTPS), to create the workers' users"
  referenced_security_group_id = aws_security_group.broker.id
  ip_protocol                  = "tcp"
  from_port                    = 443
  to_port                      = 443
}

resource "aws_vpc_security_group_ingress_rule" "broker_management_from_backend" {
  security_group_id            = aws_security_group.broker.id
  description                  = "RabbitMQ management API from the backend"
  referenced_security_group_id = aws_security_group.backend.id
  ip_protocol                  = "tcp"
  from_port                    = 443
  to_port                      = 443
}
