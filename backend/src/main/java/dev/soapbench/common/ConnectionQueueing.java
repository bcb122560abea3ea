package dev.soapbench.common;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Puts the connection pool behind a {@link ConnectionQueue}, so every user of the data source
 * (requests, transactions, background work) waits its turn when the pool is busy. How long:
 * {@code soapbench.database.queue-timeout}.
 */
@Component
class ConnectionQueueing implements BeanPostProcessor {

    private final Duration patience;

    ConnectionQueueing(Environment environment) {
        this.patience = Binder.get(environment)
                .bind("soapbench.database.queue-timeout", Duration.class)
                .orElse(Duration.ofSeconds(30));
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        return bean instanceof HikariDataSource pool ? new ConnectionQueue(pool, patience) : bean;
    }
}
