# Plans the module alone against a mocked AWS provider.

mock_provider "aws" {
  # Computed values of the mocks are known at plan time, so the runs need no apply.
  override_during = plan

  mock_data "aws_ec2_instance_type" {
    defaults = { supported_architectures = ["arm64"], burstable_performance_supported = false }
  }
  mock_data "aws_ssm_parameter" {
    defaults = { insecure_value = "ami-0bbbbbbbbbbbbbbbb" }
  }
  mock_resource "aws_autoscaling_group" {
    defaults = { name = "soapbench-aws-c7g-2xlarge" }
  }
}

variables {
  name                  = "soapbench-aws-c7g-2xlarge"
  hardware_class        = "aws-c7g-2xlarge"
  instance_type         = "c7g.2xlarge"
  max_size              = 3
  subnet_ids            = ["subnet-a", "subnet-b"]
  security_group_id     = "sg-workers"
  instance_profile_name = "soapbench-worker"
  worker_image          = "123456789012.dkr.ecr.eu-central-1.amazonaws.com/soapbench/worker:abc123"
  sandbox               = "bwrap"
  log_group_name        = "/soapbench/workers"
  region                = "eu-central-1"
  broker_name           = "soapbench"
  broker_host           = "b-1234.mq.eu-central-1.amazonaws.com"
  broker_port           = 5671
  broker_secret_arn     = "arn:aws:secretsmanager:eu-central-1:123456789012:secret:soapbench/broker"
  job_queue             = "bench.jobs.aws-c7g-2xlarge"
}

run "identical_dedicated_machines" {
  command = plan

  assert {
    condition     = aws_launch_template.this.instance_type == "c7g.2xlarge" && aws_launch_template.this.placement[0].tenancy == "dedicated"
    error_message = "every machine of a class must be the exact instance type on dedicated tenancy"
  }
  assert {
    condition     = aws_launch_template.this.image_id == "ami-0bbbbbbbbbbbbbbbb" && local.architecture == "arm64"
    error_message = "without ami_id the image must be Amazon Linux 2023 for the instance type's architecture"
  }
  assert {
    condition     = aws_autoscaling_group.this.min_size == 0 && aws_autoscaling_group.this.max_size == 3
    error_message = "the group must scale between 0 and max_size"
  }
  assert {
    condition     = aws_launch_template.this.metadata_options[0].http_put_response_hop_limit == 1
    error_message = "the worker container must not reach the instance role"
  }
}

run "user_data_starts_one_worker_of_the_class" {
  command = plan

  assert {
    condition     = strcontains(base64decode(aws_launch_template.this.user_data), "echo \"SOAPBENCH_HARDWARE_CLASS=aws-c7g-2xlarge\"")
    error_message = "the worker must take the jobs of its class"
  }
  assert {
    condition     = strcontains(base64decode(aws_launch_template.this.user_data), "@b-1234.mq.eu-central-1.amazonaws.com:5671/")
    error_message = "the worker's AMQP URL must name the broker's AMQPS endpoint"
  }
  assert {
    condition     = length(regexall("docker run ", base64decode(aws_launch_template.this.user_data))) == 1
    error_message = "a machine runs exactly one worker container"
  }
}

run "scales_on_the_class_queue" {
  command = plan

  assert {
    condition     = aws_cloudwatch_metric_alarm.queue_idle.dimensions["Queue"] == "bench.jobs.aws-c7g-2xlarge" && aws_cloudwatch_metric_alarm.queue_idle.metric_name == "MessageCount"
    error_message = "scale-in must watch the class's own queue depth"
  }
  assert {
    condition     = [for s in aws_autoscaling_policy.scale_out.step_adjustment : s.scaling_adjustment] == [1, 2, 3]
    error_message = "k jobs without a machine must add k machines, up to max_size"
  }
  assert {
    condition = alltrue([
      for k in [1, 2, 3, 7] : length([
        for s in local.scale_out_steps : s
        if k >= s.lower && k < coalesce(s.upper, 1000000) && s.adjustment == min(k, 3)
      ]) == 1
    ])
    error_message = "every whole backlog must fall into exactly the step that adds min(backlog, max_size) machines"
  }
  assert {
    condition     = one(aws_autoscaling_policy.scale_to_zero.step_adjustment).scaling_adjustment == 0 && aws_autoscaling_policy.scale_to_zero.adjustment_type == "ExactCapacity"
    error_message = "scale-in must go straight to zero, never stop single machines mid-measurement"
  }
}

run "refuses_more_than_twenty_machines" {
  command = plan

  variables {
    max_size = 21
  }

  expect_failures = [var.max_size]
}

run "refuses_burstable_instance_types" {
  command = plan

  override_data {
    target = data.aws_ec2_instance_type.this
    values = { supported_architectures = ["x86_64"], burstable_performance_supported = true }
  }

  expect_failures = [aws_launch_template.this]
}
