locals {
  azs = slice(data.aws_availability_zones.available.names, 0, 2)

  # 8 h: twice the largest run the backend accepts (SOAPBENCH_MAX_WORK_PER_SUBMISSION, 4 h).
  broker_consumer_timeout_ms = 8 * 3600 * 1000

  # The backend names the job queue of a class bench.jobs.<class> (dispatch/Topology.java).
  job_queues = { for class in keys(var.worker_classes) : class => "bench.jobs.${class}" }

  # Amazon MQ reports the AMQPS endpoint as amqps://host:5671; the backend wants host and port apart.
  broker_endpoint = aws_mq_broker.this.instances[0].endpoints[0]
  broker_host     = regex("^amqps://([^:/]+)", local.broker_endpoint)[0]
  broker_port     = 5671
}

data "aws_availability_zones" "available" {
  state = "available"
}

data "aws_region" "current" {}
