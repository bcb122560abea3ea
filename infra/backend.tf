locals {
  backend_port = 8080
  # No actuator in the backend: the start scripts wait on this endpoint too (scripts/services.sh).
  backend_health_path = "/api/v1/stacks"

  # backend/src/main/resources/application.yaml reads these; SOAPBENCH_REPO_DIR and
  # SOAPBENCH_UI_DIR come from backend/Dockerfile.
  backend_environment = {
    SOAPBENCH_BIND_ADDRESS     = "0.0.0.0"
    SOAPBENCH_PORT             = tostring(local.backend_port)
    SOAPBENCH_PUBLIC_URL       = var.public_url
    SOAPBENCH_DB_URL           = "jdbc:postgresql://${aws_db_instance.this.address}:${aws_db_instance.this.port}/${aws_db_instance.this.db_name}?sslmode=require"
    SOAPBENCH_AMQP_HOST        = local.broker_host
    SOAPBENCH_AMQP_PORT        = tostring(local.broker_port)
    SOAPBENCH_HARDWARE_CLASSES = join(",", sort(keys(var.worker_classes)))
    # Amazon MQ serves RabbitMQ's management API over HTTPS on the broker's host.
    SOAPBENCH_BROKER_MANAGEMENT_URL = "https://${local.broker_host}"
    # Amazon MQ accepts AMQP over TLS only.
    SPRING_RABBITMQ_SSL_ENABLED = "true"
    # The rate limit keys callers without a token by address; behind the load balancer that is
    # the X-Forwarded-For client, which Tomcat trusts from private (VPC) addresses only.
    SERVER_FORWARD_HEADERS_STRATEGY = "native"
    SOAPBENCH_WRITES_PER_MINUTE     = tostring(var.backend_writes_per_minute)
    JAVA_TOOL_OPTIONS               = "-XX:MaxRAMPercentage=75"
  }

  backend_secrets = merge({
    SOAPBENCH_DB_USER       = "${aws_db_instance.this.master_user_secret[0].secret_arn}:username::"
    SOAPBENCH_DB_PASSWORD   = "${aws_db_instance.this.master_user_secret[0].secret_arn}:password::"
    SOAPBENCH_AMQP_USER     = "${aws_secretsmanager_secret.broker.arn}:username::"
    SOAPBENCH_AMQP_PASSWORD = "${aws_secretsmanager_secret.broker.arn}:password::"
  }, local.broker_worker_secrets)
}

resource "aws_ecs_cluster" "this" {
  name = var.name

  setting {
    name  = "containerInsights"
    value = "enabled"
  }
}

resource "aws_cloudwatch_log_group" "backend" {
  name              = "/${var.name}/backend"
  retention_in_days = var.log_retention_days
}

data "aws_iam_policy_document" "ecs_tasks_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ecs-tasks.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "backend_execution" {
  name               = "${var.name}-backend-execution"
  assume_role_policy = data.aws_iam_policy_document.ecs_tasks_assume.json
}

data "aws_iam_policy_document" "backend_execution" {
  statement {
    sid       = "EcrLogin"
    actions   = ["ecr:GetAuthorizationToken"]
    resources = ["*"]
  }
  statement {
    sid       = "PullBackendImage"
    actions   = ["ecr:BatchCheckLayerAvailability", "ecr:BatchGetImage", "ecr:GetDownloadUrlForLayer"]
    resources = [aws_ecr_repository.this["backend"].arn]
  }
  statement {
    sid       = "WriteLogs"
    actions   = ["logs:CreateLogStream", "logs:PutLogEvents"]
    resources = ["${aws_cloudwatch_log_group.backend.arn}:*"]
  }
  statement {
    sid       = "ReadSecrets"
    actions   = ["secretsmanager:GetSecretValue"]
    resources = concat([aws_db_instance.this.master_user_secret[0].secret_arn, aws_secretsmanager_secret.broker.arn], values(local.broker_worker_secrets))
  }
}

resource "aws_iam_role_policy" "backend_execution" {
  name   = "pull-log-secrets"
  role   = aws_iam_role.backend_execution.id
  policy = data.aws_iam_policy_document.backend_execution.json
}

resource "aws_ecs_task_definition" "backend" {
  family                   = "${var.name}-backend"
  requires_compatibilities = ["FARGATE"]
  network_mode             = "awsvpc"
  cpu                      = var.backend_cpu
  memory                   = var.backend_memory
  execution_role_arn       = aws_iam_role.backend_execution.arn

  runtime_platform {
    operating_system_family = "LINUX"
    cpu_architecture        = "X86_64"
  }

  container_definitions = jsonencode([{
    name         = "backend"
    image        = local.backend_image
    essential    = true
    portMappings = [{ containerPort = local.backend_port, protocol = "tcp" }]
    environment  = [for k, v in local.backend_environment : { name = k, value = v }]
    secrets      = [for k, v in local.backend_secrets : { name = k, valueFrom = v }]
    logConfiguration = {
      logDriver = "awslogs"
      options = {
        awslogs-group         = aws_cloudwatch_log_group.backend.name
        awslogs-region        = var.region
        awslogs-stream-prefix = "backend"
      }
    }
  }])
}

resource "aws_ecs_service" "backend" {
  name            = "backend"
  cluster         = aws_ecs_cluster.this.id
  task_definition = aws_ecs_task_definition.backend.arn
  launch_type     = "FARGATE"
  # One task: the write rate limit and the live run streams live in the backend's memory
  # (docs/architecture.md), so a second instance would split both.
  desired_count = 1

  deployment_minimum_healthy_percent = 100
  deployment_maximum_percent         = 200
  deployment_circuit_breaker {
    enable   = true
    rollback = true
  }
  # Flyway migrations and the stack manifest checks run before the port opens.
  health_check_grace_period_seconds = 180

  network_configuration {
    subnets          = [for s in aws_subnet.private : s.id]
    security_groups  = [aws_security_group.backend.id]
    assign_public_ip = false
  }

  load_balancer {
    target_group_arn = aws_lb_target_group.backend.arn
    container_name   = "backend"
    container_port   = local.backend_port
  }

  depends_on = [aws_lb_listener.https, aws_iam_role_policy.backend_execution]
}
