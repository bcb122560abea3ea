module soapbench.dev/workers

go 1.26

require (
	github.com/HdrHistogram/hdrhistogram-go v1.4.0 // indirect
	github.com/rabbitmq/amqp091-go v1.16.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2 // indirect
	golang.org/x/text v0.14.0 // indirect
)
