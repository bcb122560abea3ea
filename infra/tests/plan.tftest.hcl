# Plans against a mocked AWS provider: no credentials, no network. Each run checks wiring that a
# typo would break silently (names the backend and the worker agree on, scaling arithmetic).

mock_provider "aws" {
  # Computed values of the mocks are known at plan time, so the runs need no apply.
  override_during = plan

  mock_data "aws_availability_zones" {
    defaults = { names = ["eu-central-1a", "eu-central-1b", "eu-central-1c"] }
  }
  mock_data "aws_secretsmanager_secret_version" {
    defaults = { secret_string = "{\"username\":\"soapbench\",\"password\":\"abcdefghijklmnop\"}" }
  }
  mock_data "aws_iam_policy_document" {
    defaults = { json = "{\"Version\":\"2012-10-17\",\"Statement\":[]}" }
  }
  mock_data "aws_ec2_instance_type" {
    defaults = { supported_architectures = ["x86_64"], burstable_performance_supported = false }
  }
  mock_data "aws_ssm_parameter" {
    defaults = { insecure_value = "ami-0aaaaaaaaaaaaaaaa" }
  }
  mock_resource "aws_mq_broker" {
    defaults = {
      broker_name = "soapbench"
      instances = [{
        console_url = "https://b-1234.mq.eu-central-1.amazonaws.com"
        endpoints   = ["amqps://b-1234.mq.eu-central-1.amazonaws.com:5671"]
        ip_address  = ""
      }]
    }
  }
  mock_resource "aws_db_instance" {
    defaults = {
      address = "soapbench.abc.eu-central-1.rds.amazonaws.com"
      port    = 5432
      db_name = "soapbench"
      master_user_secret = [{
        secret_arn    = "arn:aws:secretsmanager:eu-central-1:123456789012:secret:rds!db-1"
        kms_key_id    = ""
        secret_status = "active"
      }]
    }
  }
  mock_resource "aws_ecr_repository" {
    defaults = { repository_url = "123456789012.dkr.ecr.eu-central-1.amazonaws.com/soapbench/repo" }
  }
  mock_resource "aws_secretsmanager_secret" {
    defaults = { arn = "arn:aws:secretsmanager:eu-central-1:123456789012:secret:soapbench/broker" }
  }
}

variables {
  region            = "eu-central-1"
  public_url        = "https://bench.example.org"
  certificate_arn   = "arn:aws:acm:eu-central-1:123456789012:certificate/00000000-0000-0000-0000-000000000000"
  backend_image_tag = "abc123"
  worker_image_tag  = "abc123"
  worker_classes = {
    "aws-c7i-2xlarge" = { instance_type = "c7i.2xlarge", max_size = 3 }
    "aws-m7i-large"   = { instance_type = "m7i.large", max_size = 1, availability_zone = "eu-central-1b" }
  }
}

run "backend_gets_the_real_settings" {
  command = plan

  assert {
    condition     = local.backend_environment.SOAPBENCH_HARDWARE_CLASSES == "aws-c7i-2xlarge,aws-m7i-large"
    error_message = "the backend must declare one job queue per worker class"
  }
  assert {
    condition     = local.backend_environment.SOAPBENCH_AMQP_HOST == "b-1234.mq.eu-central-1.amazonaws.com" && local.backend_environment.SOAPBENCH_AMQP_PORT == "5671"
    error_message = "the backend must get the broker's host and AMQPS port apart, not the amqps:// URL"
  }
  assert {
    condition     = local.backend_environment.SOAPBENCH_DB_URL == "jdbc:postgresql://soapbench.abc.eu-central-1.rds.amazonaws.com:5432/soapbench?sslmode=require"
    error_message = "SOAPBENCH_DB_URL must be a JDBC URL of the RDS instance with TLS"
  }
  assert {
    condition     = local.backend_secrets.SOAPBENCH_DB_PASSWORD == "arn:aws:secretsmanager:eu-central-1:123456789012:secret:rds!db-1:password::"
    error_message = "the database password must come from the RDS-managed secret's password key"
  }
  assert {
    condition     = aws_lb_target_group.backend.health_check[0].path == "/api/v1/stacks"
    error_message = "the load balancer must check the endpoint the start scripts wait on"
  }
  assert {
    condition     = aws_ecs_service.backend.desired_count == 1
    error_message = "the backend keeps rate limits and run streams in memory: exactly one task"
  }
}

run "the_broker_holds_a_job_for_a_whole_run" {
  command = plan

  assert {
    condition     = aws_mq_configuration.broker.data == "consumer_timeout = 28800000\n"
    error_message = "the broker must hold a job's delivery for 8 h, not Amazon MQ's 30 min, or long runs are delivered again mid-run"
  }
}

run "one_worker_group_per_class" {
  command = plan

  assert {
    condition     = length(module.worker_group) == 2
    error_message = "every hardware class needs its own worker group"
  }
  assert {
    condition     = local.job_queues["aws-c7i-2xlarge"] == "bench.jobs.aws-c7i-2xlarge"
    error_message = "the job queue name must match the backend's Topology.jobQueue"
  }
}

run "refuses_burstable_worker_types" {
  command = plan

  variables {
    worker_classes = { "aws-t3-large" = { instance_type = "t3.large", max_size = 1 } }
  }

  expect_failures = [var.worker_classes]
}

run "refuses_rabbitmq_4_without_queue_metrics" {
  command = plan

  variables {
    broker_engine_version = "4.2"
  }

  expect_failures = [var.broker_engine_version]
}

run "refuses_a_plain_http_public_url" {
  command = plan

  variables {
    public_url = "http://bench.example.org"
  }

  expect_failures = [var.public_url]
}
