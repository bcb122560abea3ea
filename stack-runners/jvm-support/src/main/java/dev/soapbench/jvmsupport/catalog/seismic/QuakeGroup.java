package dev.soapbench.jvmsupport.catalog.seismic;

import java.util.List;

/**
 * QuakeGroup is one seismic region's share of a match, one {@code resultSet} of the response:
 * the geographic regions its quakes refer to in ascending id, then the quakes in time order.
 */
public record QuakeGroup(int seismicRegion, List<Integer> regions, List<Quake> quakes) {
    public QuakeGroup {
        regions = List.copyOf(regions);
        quakes = List.copyOf(quakes);
    }
}
