data "aws_ec2_instance_type" "this" {
  instance_type = var.instance_type
}

locals {
  architecture = contains(data.aws_ec2_instance_type.this.supported_architectures, "arm64") ? "arm64" : "x86_64"
}

data "aws_ssm_parameter" "al2023" {
  count = var.ami_id == null ? 1 : 0
  name  = "/aws/service/ami-amazon-linux-latest/al2023-ami-kernel-default-${local.architecture}"
}

resource "aws_launch_template" "this" {
  name_prefix   = "${var.name}-"
  image_id      = var.ami_id != null ? var.ami_id : data.aws_ssm_parameter.al2023[0].insecure_value
  instance_type = var.instance_type

  iam_instance_profile {
    name = var.instance_profile_name
  }

  vpc_security_group_ids = [var.security_group_id]

  # No neighbours on the host: another tenant's load would move the numbers.
  placement {
    tenancy = "dedicated"
  }

  # Hop limit 1 keeps the instance role out of reach of the worker container (bridge network),
  # where builds of uploaded WSDLs run.
  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
  }

  block_device_mappings {
    device_name = "/dev/xvda"
    ebs {
      volume_size           = var.root_volume_gb
      volume_type           = "gp3"
      encrypted             = true
      delete_on_termination = true
    }
  }

  monitoring {
    enabled = true
  }

  user_data = base64encode(templatefile("${path.module}/user-data.sh.tftpl", {
    region            = var.region
    hardware_class    = var.hardware_class
    worker_image      = var.worker_image
    registry          = split("/", var.worker_image)[0]
    sandbox           = var.sandbox
    log_group_name    = var.log_group_name
    broker_host       = var.broker_host
    broker_port       = var.broker_port
    broker_secret_arn = var.broker_secret_arn
  }))

  tag_specifications {
    resource_type = "instance"
    tags = {
      Name          = var.name
      HardwareClass = var.hardware_class
    }
  }

  lifecycle {
    precondition {
      condition     = !data.aws_ec2_instance_type.this.burstable_performance_supported
      error_message = "Instance type ${var.instance_type} of class ${var.hardware_class} is burstable: CPU credits would change its results over time."
    }
  }
}

resource "aws_autoscaling_group" "this" {
  name                = var.name
  min_size            = 0
  max_size            = var.max_size
  vpc_zone_identifier = var.subnet_ids

  launch_template {
    id      = aws_launch_template.this.id
    version = aws_launch_template.this.latest_version
  }

  health_check_type         = "EC2"
  default_instance_warmup   = var.warmup_seconds
  wait_for_capacity_timeout = "0"
  # The scaling alarms read the group's desired capacity.
  enabled_metrics = ["GroupDesiredCapacity", "GroupInServiceInstances"]

  tag {
    key                 = "HardwareClass"
    value               = var.hardware_class
    propagate_at_launch = true
  }

  lifecycle {
    # The scaling policies own the desired capacity.
    ignore_changes = [desired_capacity]
  }
}
