package dev.soapbench.dispatch;

import dev.soapbench.common.SoapBenchProperties;
import java.util.ArrayList;
import java.util.List;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarable;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The broker topology of docs/architecture.md; the backend declares it and the workers wait for it. */
@Configuration
class Topology {

    static final String JOBS_EXCHANGE = "bench.jobs";
    static final String DEAD_LETTER_EXCHANGE = "bench.jobs.dlx";
    static final String DEAD_JOBS_QUEUE = "bench.jobs.dead";
    static final String EVENTS_EXCHANGE = "bench.events";
    static final String BACKEND_EVENTS_QUEUE = "bench.events.backend";
    static final int DELIVERY_LIMIT = 3;

    static String jobQueue(String hardwareClass) {
        return JOBS_EXCHANGE + "." + hardwareClass;
    }

    @Bean
    Declarables benchTopology(SoapBenchProperties properties) {
        List<Declarable> all = new ArrayList<>();
        DirectExchange jobs = new DirectExchange(JOBS_EXCHANGE, true, false);
        FanoutExchange deadLetters = new FanoutExchange(DEAD_LETTER_EXCHANGE, true, false);
        all.add(jobs);
        all.add(deadLetters);
        for (String hardwareClass : properties.hardwareClasses()) {
            Queue queue = QueueBuilder.durable(jobQueue(hardwareClass))
                    .quorum()
                    .deadLetterExchange(DEAD_LETTER_EXCHANGE)
                    .deliveryLimit(DELIVERY_LIMIT)
                    .build();
            all.add(queue);
            all.add(BindingBuilder.bind(queue).to(jobs).with(hardwareClass));
        }
        Queue dead = QueueBuilder.durable(DEAD_JOBS_QUEUE).quorum().build();
        all.add(dead);
        all.add(BindingBuilder.bind(dead).to(deadLetters));

        TopicExchange events = new TopicExchange(EVENTS_EXCHANGE, true, false);
        Queue backendEvents =
                QueueBuilder.durable(BACKEND_EVENTS_QUEUE).quorum().build();
        all.add(events);
        all.add(backendEvents);
        all.add(BindingBuilder.bind(backendEvents).to(events).with("#"));
        return new Declarables(all);
    }
}
