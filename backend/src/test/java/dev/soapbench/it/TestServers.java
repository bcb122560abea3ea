package dev.soapbench.it;

import org.springframework.test.context.DynamicPropertyRegistry;

/** Points the application at the test servers named by the environment. */
final class TestServers {

    private TestServers() {}

    static void register(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> env("SOAPBENCH_TEST_DB_URL", null));
        registry.add("spring.datasource.username", () -> env("SOAPBENCH_TEST_DB_USER", "soapbench"));
        registry.add("spring.datasource.password", () -> env("SOAPBENCH_TEST_DB_PASSWORD", "soapbench"));
        registry.add("spring.rabbitmq.host", () -> env("SOAPBENCH_TEST_AMQP_HOST", "127.0.0.1"));
        registry.add("spring.rabbitmq.port", () -> env("SOAPBENCH_TEST_AMQP_PORT", "56672"));
        registry.add("spring.rabbitmq.username", () -> env("SOAPBENCH_TEST_AMQP_USER", "soapbench"));
        registry.add("spring.rabbitmq.password", () -> env("SOAPBENCH_TEST_AMQP_PASSWORD", "soapbench"));
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
