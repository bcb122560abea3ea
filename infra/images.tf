resource "aws_ecr_repository" "this" {
  for_each = toset(["backend", "worker"])

  name = "${var.name}/${each.key}"
  # A tag names one build for good, so a hardware class's results name the exact worker image.
  image_tag_mutability = "IMMUTABLE"

  image_scanning_configuration {
    scan_on_push = true
  }
}

locals {
  backend_image = "${aws_ecr_repository.this["backend"].repository_url}:${var.backend_image_tag}"
  worker_image  = "${aws_ecr_repository.this["worker"].repository_url}:${var.worker_image_tag}"
}
