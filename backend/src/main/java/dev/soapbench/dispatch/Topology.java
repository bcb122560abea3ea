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
    static final String CONTROL_EXCHANGE = "bench.control";

    static String jobQueue(String hardwareClass) {
        return JOBS_EXCHANGE + "." + hardwareClass;
    }

    @Bean
    Declarables benchTopology(SoapBenchProperties properties, JobQueueArguments jobQueueArguments) {
        List<Declarable> all = new ArrayList<>();
        DirectExchange jobs = new DirectExchange(JOBS_EXCHANGE, true, false);
        FanoutExchange deadLetters = new FanoutExchange(DEAD_LETTER_EXCHANGE, true, false);
        all.add(jobs);
        all.add(deadLetters);
        for (String hardwareClass : properties.hardwareClasses()) {
            String name = jobQueue(hardwareClass);
            Queue queue = new Queue(name, true, false, false, jobQueueArguments.arguments(name));
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

        // Each worker binds its own exclusive queue to it; the backend only publishes.
        all.add(new FanoutExchange(CONTROL_EXCHANGE, true, false));
        return new Declarables(all);
    }
}
