output "url" {
  description = "Where users reach SOAPBench."
  value       = var.public_url
}

output "load_balancer_dns_name" {
  description = "Point public_url's host name here (CNAME, or an alias record in Route 53)."
  value       = aws_lb.this.dns_name
}

output "backend_repository_url" {
  description = "Push the image of backend/Dockerfile here, tagged backend_image_tag."
  value       = aws_ecr_repository.this["backend"].repository_url
}

output "worker_repository_url" {
  description = "Push the image of workers/Dockerfile here, tagged worker_image_tag."
  value       = aws_ecr_repository.this["worker"].repository_url
}

output "database_endpoint" {
  description = "PostgreSQL host:port (reachable from the backend only)."
  value       = aws_db_instance.this.endpoint
}

output "database_secret_arn" {
  description = "Secrets Manager secret RDS keeps the database password in."
  value       = aws_db_instance.this.master_user_secret[0].secret_arn
}

output "broker_endpoint" {
  description = "AMQPS endpoint of the RabbitMQ broker."
  value       = local.broker_endpoint
}

output "broker_console_url" {
  description = "RabbitMQ management console (reachable from inside the VPC only)."
  value       = aws_mq_broker.this.instances[0].console_url
}

output "broker_secret_arn" {
  description = "Secrets Manager secret with the RabbitMQ user."
  value       = aws_secretsmanager_secret.broker.arn
}

output "worker_groups" {
  description = "Per hardware class: its job queue, autoscaling group, machine image and CPU architecture."
  value = {
    for class, group in module.worker_group : class => {
      job_queue         = local.job_queues[class]
      autoscaling_group = group.autoscaling_group_name
      image_id          = group.image_id
      architecture      = group.architecture
    }
  }
}
