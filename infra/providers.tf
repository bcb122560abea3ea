provider "aws" {
  region = var.region

  default_tags {
    tags = {
      Project     = "soapbench"
      Environment = var.name
    }
  }
}
