package queue

import (
	"testing"

	amqp "github.com/rabbitmq/amqp091-go"
)

func TestDeliveryCount(t *testing.T) {
	tests := []struct {
		headers amqp.Table
		want    int
	}{
		{nil, 0}, // first delivery: no header
		{amqp.Table{"x-delivery-count": int64(2)}, 2}, // as the broker sends it
		{amqp.Table{"x-delivery-count": int32(1)}, 1}, // a narrower integer
		{amqp.Table{"x-delivery-count": "3"}, 0},      // not a number: ignored
	}
	for _, tt := range tests {
		if got := DeliveryCount(amqp.Delivery{Headers: tt.headers}); got != tt.want {
			t.Errorf("DeliveryCount(%v) = %d, want %d", tt.headers, got, tt.want)
		}
	}
}
