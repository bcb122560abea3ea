resource "aws_db_subnet_group" "this" {
  name       = var.name
  subnet_ids = [for s in aws_subnet.private : s.id]
}

resource "aws_db_parameter_group" "this" {
  name   = "${var.name}-postgres15"
  family = "postgres15"

  parameter {
    name  = "rds.force_ssl"
    value = "1"
  }
}

resource "aws_db_instance" "this" {
  identifier     = var.name
  engine         = "postgres"
  engine_version = "15"
  # Minor versions of 15 arrive in the maintenance window; the major version stays as designed.
  auto_minor_version_upgrade = true
  instance_class             = var.db_instance_class

  db_name  = "soapbench"
  username = "soapbench"
  # RDS keeps the password in a Secrets Manager secret of its own; the backend reads it there.
  manage_master_user_password = true

  allocated_storage     = var.db_allocated_storage_gb
  max_allocated_storage = var.db_max_allocated_storage_gb
  storage_type          = "gp3"
  storage_encrypted     = true

  db_subnet_group_name   = aws_db_subnet_group.this.name
  vpc_security_group_ids = [aws_security_group.database.id]
  parameter_group_name   = aws_db_parameter_group.this.name
  publicly_accessible    = false
  multi_az               = var.db_multi_az

  backup_retention_period   = var.db_backup_retention_days
  deletion_protection       = var.db_deletion_protection
  skip_final_snapshot       = !var.db_deletion_protection
  final_snapshot_identifier = var.db_deletion_protection ? "${var.name}-final" : null
  copy_tags_to_snapshot     = true

  performance_insights_enabled = true
}
