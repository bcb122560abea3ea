package dev.soapbench.jvmsupport.catalog.seismic;

/**
 * Quake is one row of quakes.tsv: its whole-second UTC time, the milliseconds the response
 * reports but the matching rule never compares, its position and size, and its geographic region.
 */
public record Quake(
        long epochSecond,
        int millis,
        double latitude,
        double longitude,
        double depth,
        double magnitude,
        String method,
        int region) {}
