# Every job holds one machine from delivery to ack (prefetch 1), and the queue's MessageCount
# counts ready and unacknowledged messages alike: it is the number of machines the class wants.
#
# Scale out by the jobs that have no machine yet: MessageCount - GroupDesiredCapacity. Machines
# still booting count as desired, so a slow boot does not start a second machine for one job.
#
# Scale in only to zero, once MessageCount has been 0 for idle_minutes. Autoscaling cannot tell
# an idle machine from a measuring one, and any partial scale-in could stop a measurement
# halfway (and spend one of the job's three deliveries); at zero no job is in flight.

locals {
  mq_dimensions = {
    Broker      = var.broker_name
    VirtualHost = var.virtual_host
    Queue       = var.job_queue
  }

  # Step k covers k missing machines: the intervals are centred on whole numbers because
  # CloudWatch compares metric values, and the last step takes any larger backlog.
  scale_out_steps = [for k in range(1, var.max_size + 1) : {
    lower      = k == 1 ? 0 : k - 0.5
    upper      = k == var.max_size ? null : k + 0.5
    adjustment = k
  }]
}

resource "aws_autoscaling_policy" "scale_out" {
  name                   = "${var.name}-scale-out"
  autoscaling_group_name = aws_autoscaling_group.this.name
  policy_type            = "StepScaling"
  adjustment_type        = "ChangeInCapacity"
  # Adding machines is idempotent over the warm-up: a new step adds only what the previous one did not.
  estimated_instance_warmup = var.warmup_seconds
  metric_aggregation_type   = "Maximum"

  dynamic "step_adjustment" {
    for_each = local.scale_out_steps
    content {
      metric_interval_lower_bound = step_adjustment.value.lower
      metric_interval_upper_bound = step_adjustment.value.upper
      scaling_adjustment          = step_adjustment.value.adjustment
    }
  }
}

resource "aws_cloudwatch_metric_alarm" "jobs_without_machine" {
  alarm_name          = "${var.name}-jobs-without-machine"
  alarm_description   = "Jobs in ${var.job_queue} beyond the machines of class ${var.hardware_class}"
  comparison_operator = "GreaterThanThreshold"
  threshold           = 0
  evaluation_periods  = 1
  datapoints_to_alarm = 1
  treat_missing_data  = "notBreaching"
  alarm_actions       = [aws_autoscaling_policy.scale_out.arn]

  metric_query {
    id          = "missing"
    expression  = "FILL(jobs, 0) - FILL(machines, 0)"
    label       = "jobs without a machine"
    return_data = true
  }

  metric_query {
    id = "jobs"
    metric {
      namespace   = "AWS/AmazonMQ"
      metric_name = "MessageCount"
      dimensions  = local.mq_dimensions
      period      = 60
      stat        = "Maximum"
    }
  }

  metric_query {
    id = "machines"
    metric {
      namespace   = "AWS/AutoScaling"
      metric_name = "GroupDesiredCapacity"
      dimensions  = { AutoScalingGroupName = aws_autoscaling_group.this.name }
      period      = 60
      stat        = "Maximum"
    }
  }
}

resource "aws_autoscaling_policy" "scale_to_zero" {
  name                   = "${var.name}-scale-to-zero"
  autoscaling_group_name = aws_autoscaling_group.this.name
  policy_type            = "StepScaling"
  adjustment_type        = "ExactCapacity"

  step_adjustment {
    metric_interval_upper_bound = 0
    scaling_adjustment          = 0
  }
}

resource "aws_cloudwatch_metric_alarm" "queue_idle" {
  alarm_name          = "${var.name}-queue-idle"
  alarm_description   = "No job queued or running in ${var.job_queue} for ${var.idle_minutes} minutes"
  namespace           = "AWS/AmazonMQ"
  metric_name         = "MessageCount"
  dimensions          = local.mq_dimensions
  statistic           = "Maximum"
  period              = 60
  evaluation_periods  = var.idle_minutes
  datapoints_to_alarm = var.idle_minutes
  comparison_operator = "LessThanOrEqualToThreshold"
  threshold           = 0
  # Without metrics nobody knows whether a job runs: keep the machines.
  treat_missing_data = "notBreaching"
  alarm_actions      = [aws_autoscaling_policy.scale_to_zero.arn]
}
