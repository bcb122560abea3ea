output "autoscaling_group_name" {
  description = "Name of the class's autoscaling group."
  value       = aws_autoscaling_group.this.name
}

output "launch_template_id" {
  description = "Launch template of the class's machines."
  value       = aws_launch_template.this.id
}

output "image_id" {
  description = "Machine image the class's machines start from."
  value       = aws_launch_template.this.image_id
}

output "architecture" {
  description = "CPU architecture of the instance type; the worker image must be built for it."
  value       = local.architecture
}
