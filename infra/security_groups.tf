# Terraform removes the default allow-all egress rule of every group below, so each group
# reaches exactly what the rules here name.

resource "aws_security_group" "load_balancer" {
  name        = "${var.name}-load-balancer"
  description = "Public HTTPS entry to the backend"
  vpc_id      = aws_vpc.this.id
}

resource "aws_security_group" "backend" {
  name        = "${var.name}-backend"
  description = "Backend tasks: API and UI behind the load balancer"
  vpc_id      = aws_vpc.this.id
}

resource "aws_security_group" "database" {
  name        = "${var.name}-database"
  description = "PostgreSQL, reached by the backend only"
  vpc_id      = aws_vpc.this.id
}

resource "aws_security_group" "broker" {
  name        = "${var.name}-broker"
  description = "RabbitMQ (AMQPS), reached by the backend and the workers"
  vpc_id      = aws_vpc.this.id
}

resource "aws_security_group" "workers" {
  name        = "${var.name}-workers"
  description = "Benchmark machines: no inbound traffic; out to the broker and AWS endpoints"
  vpc_id      = aws_vpc.this.id
}

resource "aws_security_group" "endpoints" {
  name        = "${var.name}-endpoints"
  description = "Interface VPC endpoints of ECR, CloudWatch Logs and Secrets Manager"
  vpc_id      = aws_vpc.this.id
}

resource "aws_vpc_security_group_ingress_rule" "load_balancer_https" {
  for_each = toset(var.allowed_ingress_cidrs)

  security_group_id = aws_security_group.load_balancer.id
  description       = "HTTPS from users"
  cidr_ipv4         = each.key
  ip_protocol       = "tcp"
  from_port         = 443
  to_port           = 443
}

resource "aws_vpc_security_group_ingress_rule" "load_balancer_http" {
  for_each = toset(var.allowed_ingress_cidrs)

  security_group_id = aws_security_group.load_balancer.id
  description       = "HTTP from users, redirected to HTTPS"
  cidr_ipv4         = each.key
  ip_protocol       = "tcp"
  from_port         = 80
  to_port           = 80
}

resource "aws_vpc_security_group_egress_rule" "load_balancer_to_backend" {
  security_group_id            = aws_security_group.load_balancer.id
  description                  = "Requests and health checks to the backend"
  referenced_security_group_id = aws_security_group.backend.id
  ip_protocol                  = "tcp"
  from_port                    = local.backend_port
  to_port                      = local.backend_port
}

resource "aws_vpc_security_group_ingress_rule" "backend_from_load_balancer" {
  security_group_id            = aws_security_group.backend.id
  description                  = "Requests from the load balancer"
  referenced_security_group_id = aws_security_group.load_balancer.id
  ip_protocol                  = "tcp"
  from_port                    = local.backend_port
  to_port                      = local.backend_port
}

resource "aws_vpc_security_group_egress_rule" "backend_to_database" {
  security_group_id            = aws_security_group.backend.id
  description                  = "PostgreSQL"
  referenced_security_group_id = aws_security_group.database.id
  ip_protocol                  = "tcp"
  from_port                    = 5432
  to_port                      = 5432
}

resource "aws_vpc_security_group_ingress_rule" "database_from_backend" {
  security_group_id            = aws_security_group.database.id
  description                  = "PostgreSQL from the backend"
  referenced_security_group_id = aws_security_group.backend.id
  ip_protocol                  = "tcp"
  from_port                    = 5432
  to_port                      = 5432
}

resource "aws_vpc_security_group_egress_rule" "to_broker" {
  for_each = {
    backend = aws_security_group.backend.id
    workers = aws_security_group.workers.id
  }

  security_group_id            = each.value
  description                  = "AMQPS to RabbitMQ"
  referenced_security_group_id = aws_security_group.broker.id
  ip_protocol                  = "tcp"
  from_port                    = local.broker_port
  to_port                      = local.broker_port
}

resource "aws_vpc_security_group_ingress_rule" "broker_from" {
  for_each = {
    backend = aws_security_group.backend.id
    workers = aws_security_group.workers.id
  }

  security_group_id            = aws_security_group.broker.id
  description                  = "AMQPS from the ${each.key}"
  referenced_security_group_id = each.value
  ip_protocol                  = "tcp"
  from_port                    = local.broker_port
  to_port                      = local.broker_port
}

resource "aws_vpc_security_group_egress_rule" "to_endpoints" {
  for_each = {
    backend = aws_security_group.backend.id
    workers = aws_security_group.workers.id
  }

  security_group_id            = each.value
  description                  = "ECR, CloudWatch Logs and Secrets Manager endpoints"
  referenced_security_group_id = aws_security_group.endpoints.id
  ip_protocol                  = "tcp"
  from_port                    = 443
  to_port                      = 443
}

resource "aws_vpc_security_group_ingress_rule" "endpoints_from" {
  for_each = {
    backend = aws_security_group.backend.id
    workers = aws_security_group.workers.id
  }

  security_group_id            = aws_security_group.endpoints.id
  description                  = "HTTPS from the ${each.key}"
  referenced_security_group_id = each.value
  ip_protocol                  = "tcp"
  from_port                    = 443
  to_port                      = 443
}

resource "aws_vpc_security_group_egress_rule" "to_s3" {
  for_each = {
    backend = aws_security_group.backend.id
    workers = aws_security_group.workers.id
  }

  security_group_id = each.value
  description       = "S3 through the gateway endpoint: image layers, OS packages"
  prefix_list_id    = aws_vpc_endpoint.s3.prefix_list_id
  ip_protocol       = "tcp"
  from_port         = 443
  to_port           = 443
}
