variable "region" {
  description = "AWS region of the whole deployment, e.g. eu-central-1."
  type        = string

  validation {
    condition     = can(regex("^[a-z]{2}(-[a-z]+)+-[0-9]$", var.region))
    error_message = "region must be an AWS region name such as eu-central-1."
  }
}

variable "name" {
  description = "Prefix of every resource name; lets several deployments share one account."
  type        = string
  default     = "soapbench"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{1,20}$", var.name))
    error_message = "name must be 2 to 21 characters of lower-case letters, digits and '-', starting with a letter."
  }
}

variable "vpc_cidr" {
  description = "IPv4 range of the VPC; split into two public and two private /20 subnets."
  type        = string
  default     = "10.40.0.0/16"

  validation {
    condition     = can(cidrhost(var.vpc_cidr, 0)) && tonumber(split("/", var.vpc_cidr)[1]) <= 18
    error_message = "vpc_cidr must be an IPv4 CIDR block of /18 or larger, e.g. 10.40.0.0/16."
  }
}

variable "enable_nat_gateway" {
  description = "Create one NAT gateway per availability zone for the private subnets. Nothing in SOAPBench needs the internet (AWS APIs are reached through VPC endpoints), so this is off unless something added later does."
  type        = bool
  default     = false
}

variable "public_url" {
  description = "The origin users reach the service at (https://bench.example.org); the backend writes it into share links. Point its DNS name at the load balancer (output load_balancer_dns_name)."
  type        = string

  validation {
    condition     = can(regex("^https://[a-z0-9.-]+(:[0-9]+)?$", var.public_url))
    error_message = "public_url must be an https:// origin without a path or trailing slash, e.g. https://bench.example.org."
  }
}

variable "certificate_arn" {
  description = "ARN of the ACM certificate for public_url's host name, served by the HTTPS listener."
  type        = string

  validation {
    condition     = can(regex("^arn:aws[a-z-]*:acm:[a-z0-9-]+:[0-9]{12}:certificate/[0-9a-f-]+$", var.certificate_arn))
    error_message = "certificate_arn must be an ACM certificate ARN (arn:aws:acm:REGION:ACCOUNT:certificate/ID)."
  }
}

variable "allowed_ingress_cidrs" {
  description = "IPv4 ranges that may reach the load balancer on ports 80 and 443."
  type        = list(string)
  default     = ["0.0.0.0/0"]

  validation {
    condition     = length(var.allowed_ingress_cidrs) > 0 && alltrue([for c in var.allowed_ingress_cidrs : can(cidrhost(c, 0))])
    error_message = "allowed_ingress_cidrs must list at least one IPv4 CIDR block."
  }
}

variable "backend_image_tag" {
  description = "Tag of the backend image in the backend ECR repository (output backend_repository_url), built from backend/Dockerfile. Tags are immutable, so a tag names one build."
  type        = string

  validation {
    condition     = can(regex("^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$", var.backend_image_tag)) && var.backend_image_tag != "latest"
    error_message = "backend_image_tag must be a Docker tag other than latest (e.g. a git commit)."
  }
}

variable "worker_image_tag" {
  description = "Tag of the worker image in the worker ECR repository (output worker_repository_url), built from workers/Dockerfile for the CPU architecture of every worker class."
  type        = string

  validation {
    condition     = can(regex("^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$", var.worker_image_tag)) && var.worker_image_tag != "latest"
    error_message = "worker_image_tag must be a Docker tag other than latest (e.g. a git commit)."
  }
}

variable "backend_cpu" {
  description = "CPU units of the backend task (1024 = one vCPU)."
  type        = number
  default     = 1024

  validation {
    condition     = contains([512, 1024, 2048, 4096], var.backend_cpu)
    error_message = "backend_cpu must be one of 512, 1024, 2048, 4096."
  }
}

variable "backend_memory" {
  description = "Memory of the backend task in MiB; the JVM takes three quarters of it."
  type        = number
  default     = 2048

  validation {
    condition     = var.backend_memory >= 1024 && var.backend_memory <= 30720 && var.backend_memory % 1024 == 0
    error_message = "backend_memory must be a whole number of GiB between 1024 and 30720 MiB."
  }
}

variable "backend_writes_per_minute" {
  description = "Writes (run submissions, tokens) each caller may make per minute (SOAPBENCH_WRITES_PER_MINUTE)."
  type        = number
  default     = 30

  validation {
    condition     = var.backend_writes_per_minute >= 1
    error_message = "backend_writes_per_minute must be at least 1."
  }
}

variable "db_instance_class" {
  description = "RDS instance class of the PostgreSQL database."
  type        = string
  default     = "db.t4g.medium"

  validation {
    condition     = can(regex("^db\\.[a-z0-9]+\\.[a-z0-9]+$", var.db_instance_class))
    error_message = "db_instance_class must be an RDS instance class such as db.t4g.medium."
  }
}

variable "db_allocated_storage_gb" {
  description = "Initial storage of the database in GiB; storage grows automatically up to db_max_allocated_storage_gb."
  type        = number
  default     = 20

  validation {
    condition     = var.db_allocated_storage_gb >= 20 && var.db_allocated_storage_gb <= 16384
    error_message = "db_allocated_storage_gb must be between 20 and 16384."
  }
}

variable "db_max_allocated_storage_gb" {
  description = "Upper bound of storage autoscaling in GiB (HDR histograms and WSDL bundles accumulate)."
  type        = number
  default     = 200

  validation {
    condition     = var.db_max_allocated_storage_gb >= 20 && var.db_max_allocated_storage_gb <= 16384
    error_message = "db_max_allocated_storage_gb must be between 20 and 16384."
  }
}

variable "db_multi_az" {
  description = "Keep a standby copy of the database in the second availability zone."
  type        = bool
  default     = false
}

variable "db_backup_retention_days" {
  description = "Days of automated database backups."
  type        = number
  default     = 7

  validation {
    condition     = var.db_backup_retention_days >= 1 && var.db_backup_retention_days <= 35
    error_message = "db_backup_retention_days must be between 1 and 35."
  }
}

variable "db_deletion_protection" {
  description = "Refuse to delete the database (and take a final snapshot when it is deleted after all)."
  type        = bool
  default     = true
}

variable "broker_instance_type" {
  description = "Amazon MQ instance type of the RabbitMQ broker."
  type        = string
  default     = "mq.m5.large"

  validation {
    condition     = can(regex("^mq\\.(t3|m5|m7g)\\.[a-z0-9]+$", var.broker_instance_type))
    error_message = "broker_instance_type must be an Amazon MQ RabbitMQ 3.13 instance type (mq.t3.*, mq.m5.* or mq.m7g.*)."
  }
}

variable "broker_engine_version" {
  description = "RabbitMQ version of the broker. Stays on 3.x: Amazon MQ publishes no per-queue CloudWatch metrics for RabbitMQ 4, and the worker groups scale on them."
  type        = string
  default     = "3.13"

  validation {
    condition     = can(regex("^3\\.[0-9]+$", var.broker_engine_version))
    error_message = "broker_engine_version must be a RabbitMQ 3.x minor version such as 3.13: RabbitMQ 4 brokers on Amazon MQ publish no queue metrics, so the worker groups could not scale."
  }
}

variable "broker_deployment_mode" {
  description = "SINGLE_INSTANCE (one node) or CLUSTER_MULTI_AZ (three nodes over the availability zones)."
  type        = string
  default     = "SINGLE_INSTANCE"

  validation {
    condition     = contains(["SINGLE_INSTANCE", "CLUSTER_MULTI_AZ"], var.broker_deployment_mode)
    error_message = "broker_deployment_mode must be SINGLE_INSTANCE or CLUSTER_MULTI_AZ."
  }
}

variable "worker_classes" {
  description = <<-EOT
    The hardware classes, keyed by class name (the worker's SOAPBENCH_HARDWARE_CLASS and the
    routing key of its jobs). Every machine of a class has the same instance type on dedicated
    tenancy, so results within a class compare.
      instance_type       exact EC2 instance type (no burstable t* types)
      max_size            most machines of the class at once (each runs one measurement)
      ami_id              pin the machine image; null takes the newest Amazon Linux 2023 at plan time
      availability_zone   keep the class in one zone of the deployment; null uses both
      root_volume_gb      disk of each machine (the worker image with its toolchains is large)
      warmup_seconds      time from launch until a new machine takes jobs
      idle_minutes        minutes the class queue must stay empty before the group scales to zero
  EOT
  type = map(object({
    instance_type     = string
    max_size          = number
    ami_id            = optional(string)
    availability_zone = optional(string)
    root_volume_gb    = optional(number, 100)
    warmup_seconds    = optional(number, 600)
    idle_minutes      = optional(number, 15)
  }))

  validation {
    condition     = length(var.worker_classes) > 0
    error_message = "worker_classes must name at least one hardware class."
  }

  validation {
    condition     = alltrue([for class in keys(var.worker_classes) : can(regex("^[a-z0-9][a-z0-9-]{0,40}$", class))])
    error_message = "worker_classes keys must be lower-case letters, digits and '-' (at most 41 characters), as the worker accepts for SOAPBENCH_HARDWARE_CLASS."
  }

  validation {
    condition     = alltrue([for c in values(var.worker_classes) : can(regex("^[a-z][a-z0-9-]*\\.[a-z0-9]+$", c.instance_type)) && !can(regex("^t[0-9]", c.instance_type))])
    error_message = "worker_classes: every instance_type must be an EC2 type such as c7i.2xlarge, and not a burstable t* type (CPU credits would change results over time)."
  }

  validation {
    condition     = alltrue([for c in values(var.worker_classes) : c.max_size >= 1 && c.max_size <= 20 && floor(c.max_size) == c.max_size])
    error_message = "worker_classes: every max_size must be a whole number from 1 to 20."
  }

  validation {
    condition     = alltrue([for c in values(var.worker_classes) : c.ami_id == null || can(regex("^ami-[0-9a-f]{8,17}$", c.ami_id))])
    error_message = "worker_classes: ami_id must be null or an AMI id such as ami-0123456789abcdef0."
  }

  validation {
    condition     = alltrue([for c in values(var.worker_classes) : c.root_volume_gb >= 30 && c.warmup_seconds >= 60 && c.idle_minutes >= 1])
    error_message = "worker_classes: root_volume_gb must be at least 30, warmup_seconds at least 60 and idle_minutes at least 1."
  }
}

variable "worker_sandbox" {
  description = "SOAPBENCH_SANDBOX of the workers: bwrap confines builds and servers of user WSDLs (the image must contain bubblewrap); none runs them unconfined."
  type        = string
  default     = "bwrap"

  validation {
    condition     = contains(["bwrap", "none"], var.worker_sandbox)
    error_message = "worker_sandbox must be bwrap or none."
  }
}

variable "log_retention_days" {
  description = "Days CloudWatch keeps the backend's and the workers' logs."
  type        = number
  default     = 30

  validation {
    condition     = contains([1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1827, 3653], var.log_retention_days)
    error_message = "log_retention_days must be a retention CloudWatch offers (1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, ...)."
  }
}
