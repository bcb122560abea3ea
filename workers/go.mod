module soapbench.dev/workers

go 1.26.0

require (
	github.com/HdrHistogram/hdrhistogram-go v1.4.0
	github.com/rabbitmq/amqp091-go v1.16.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
	golang.org/x/mod v0.43.0
	golang.org/x/sys v0.38.0
)

require golang.org/x/text v0.14.0
