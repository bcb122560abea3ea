variable "name" {
  description = "Name of the group's resources, e.g. soapbench-aws-c7i-2xlarge."
  type        = string
}

variable "hardware_class" {
  description = "The hardware class: the worker's SOAPBENCH_HARDWARE_CLASS, whose jobs it takes."
  type        = string

  validation {
    condition     = can(regex("^[a-z0-9][a-z0-9-]*$", var.hardware_class))
    error_message = "hardware_class must be lower-case letters, digits and '-'."
  }
}

variable "instance_type" {
  description = "The exact EC2 instance type of every machine of the class."
  type        = string
}

variable "max_size" {
  description = "Most machines at once; each runs one measurement at a time."
  type        = number

  validation {
    condition     = var.max_size >= 1 && var.max_size <= 20 && floor(var.max_size) == var.max_size
    error_message = "max_size must be a whole number from 1 to 20 (a step scaling policy holds at most 20 steps)."
  }
}

variable "ami_id" {
  description = "Machine image of the workers; null takes the newest Amazon Linux 2023 for the instance type's architecture."
  type        = string
  default     = null
}

variable "root_volume_gb" {
  description = "Size of each machine's root volume in GiB."
  type        = number
  default     = 100
}

variable "warmup_seconds" {
  description = "Seconds from launch until a new machine takes jobs (image pull, stack checks)."
  type        = number
  default     = 600
}

variable "idle_minutes" {
  description = "Minutes the class queue must hold no message, ready or in progress, before the group scales to zero."
  type        = number
  default     = 15
}

variable "subnet_ids" {
  description = "Private subnets the machines start in."
  type        = list(string)

  validation {
    condition     = length(var.subnet_ids) > 0
    error_message = "subnet_ids is empty: the class's availability_zone must be one of the deployment's two zones."
  }
}

variable "security_group_id" {
  description = "Security group of the workers."
  type        = string
}

variable "instance_profile_name" {
  description = "Instance profile that lets a machine pull the worker image, write logs and read the broker secret."
  type        = string
}

variable "worker_image" {
  description = "The worker image, repository:tag."
  type        = string
}

variable "sandbox" {
  description = "SOAPBENCH_SANDBOX: bwrap or none."
  type        = string
}

variable "log_group_name" {
  description = "CloudWatch log group for the worker containers."
  type        = string
}

variable "region" {
  description = "AWS region (for the CLI and the log driver on the machine)."
  type        = string
}

variable "broker_name" {
  description = "Amazon MQ broker name: the Broker dimension of its CloudWatch metrics."
  type        = string
}

variable "broker_host" {
  description = "Host name of the broker's AMQPS endpoint."
  type        = string
}

variable "broker_port" {
  description = "Port of the broker's AMQPS endpoint."
  type        = number
}

variable "broker_secret_arn" {
  description = "Secrets Manager secret with the broker user (JSON: username, password)."
  type        = string
}

variable "job_queue" {
  description = "The class's job queue (bench.jobs.<class>), whose depth scales the group."
  type        = string
}

variable "virtual_host" {
  description = "RabbitMQ virtual host of the job queue."
  type        = string
  default     = "/"
}
