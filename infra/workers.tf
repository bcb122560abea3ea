resource "aws_cloudwatch_log_group" "workers" {
  name              = "/${var.name}/workers"
  retention_in_days = var.log_retention_days
}

data "aws_iam_policy_document" "ec2_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "worker" {
  name               = "${var.name}-worker"
  assume_role_policy = data.aws_iam_policy_document.ec2_assume.json
}

data "aws_iam_policy_document" "worker" {
  statement {
    sid       = "EcrLogin"
    actions   = ["ecr:GetAuthorizationToken"]
    resources = ["*"]
  }
  statement {
    sid       = "PullWorkerImage"
    actions   = ["ecr:BatchCheckLayerAvailability", "ecr:BatchGetImage", "ecr:GetDownloadUrlForLayer"]
    resources = [aws_ecr_repository.this["worker"].arn]
  }
  statement {
    sid       = "WriteLogs"
    actions   = ["logs:CreateLogStream", "logs:PutLogEvents", "logs:DescribeLogStreams"]
    resources = ["${aws_cloudwatch_log_group.workers.arn}:*"]
  }
  statement {
    sid     = "ReadBrokerSecret"
    actions = ["secretsmanager:GetSecretValue"]
    # The workers' own users only, never the administrator's. The classes share this role; the
    # sandboxed code of a run has no network beyond loopback, so it reaches no secret.
    resources = values(local.broker_worker_secrets)
  }
}

resource "aws_iam_role_policy" "worker" {
  name   = "pull-log-broker-secret"
  role   = aws_iam_role.worker.id
  policy = data.aws_iam_policy_document.worker.json
}

resource "aws_iam_instance_profile" "worker" {
  name = "${var.name}-worker"
  role = aws_iam_role.worker.name
}

module "worker_group" {
  source   = "./modules/worker-group"
  for_each = var.worker_classes

  name              = "${var.name}-${each.key}"
  hardware_class    = each.key
  instance_type     = each.value.instance_type
  max_size          = each.value.max_size
  ami_id            = each.value.ami_id
  root_volume_gb    = each.value.root_volume_gb
  warmup_seconds    = each.value.warmup_seconds
  idle_minutes      = each.value.idle_minutes
  subnet_ids        = [for az, s in aws_subnet.private : s.id if each.value.availability_zone == null || each.value.availability_zone == az]
  security_group_id = aws_security_group.workers.id

  instance_profile_name = aws_iam_instance_profile.worker.name
  worker_image          = local.worker_image
  sandbox               = var.worker_sandbox
  log_group_name        = aws_cloudwatch_log_group.workers.name
  region                = var.region

  broker_name       = aws_mq_broker.this.broker_name
  broker_host       = local.broker_host
  broker_port       = local.broker_port
  broker_secret_arn = aws_secretsmanager_secret.broker_worker[each.key].arn
  job_queue         = local.job_queues[each.key]

  depends_on = [aws_iam_role_policy.worker, aws_vpc_endpoint.interface, aws_vpc_endpoint.s3]
}
