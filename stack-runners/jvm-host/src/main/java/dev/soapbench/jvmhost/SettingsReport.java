package dev.soapbench.jvmhost;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.catalina.util.ServerInfo;

/** SettingsReport renders the container and JVM settings as one JSON object, to be stored with results. */
final class SettingsReport {
    private SettingsReport() {}

    static String json(HostSettings settings) {
        return json(settings, null);
    }

    /** json with the stack variant the settings were changed for, null for the default configuration. */
    static String json(HostSettings settings, String variant) {
        StringBuilder out = new StringBuilder();
        out.append("{\"container\":").append(quote(ServerInfo.getServerInfo()));
        if (variant != null) {
            out.append(",\"variant\":").append(quote(variant));
        }
        out.append(",\"connector\":{\"protocol\":").append(quote(settings.protocol()));
        out.append(",\"address\":").append(quote(settings.address()));
        for (Map.Entry<String, String> setting : settings.connectorProperties().entrySet()) {
            out.append(',').append(quote(setting.getKey())).append(':').append(quote(setting.getValue()));
        }
        out.append("},\"jvm\":{\"version\":").append(quote(System.getProperty("java.runtime.version")));
        out.append(",\"vm\":").append(quote(System.getProperty("java.vm.name")));
        out.append(",\"flags\":").append(quoteAll(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        List<String> collectors = new ArrayList<>();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            collectors.add(collector.getName());
        }
        out.append(",\"collectors\":").append(quoteAll(collectors));
        out.append(",\"maxHeapBytes\":").append(Runtime.getRuntime().maxMemory());
        out.append(",\"availableProcessors\":").append(Runtime.getRuntime().availableProcessors());
        out.append("}}");
        return out.toString();
    }

    private static String quoteAll(List<String> values) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? "" : ",").append(quote(values.get(i)));
        }
        return out.append(']').toString();
    }

    static String quote(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
