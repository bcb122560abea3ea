package dev.soapbench.limits;

/** A {@link WorkEstimate} as the API shows it (openapi.yaml, WorkEstimate). */
public record EstimateView(
        long workerSeconds,
        int stacks,
        int cells,
        int repetitions,
        int measurements,
        double measurementSeconds,
        String basis) {

    public static EstimateView of(WorkEstimate estimate, WorkEstimate.Assumptions assumptions) {
        return new EstimateView(
                estimate.workerSeconds(),
                estimate.stacks(),
                estimate.cells(),
                estimate.repetitions(),
                estimate.measurements(),
                Math.round(estimate.measurementSeconds() * 10) / 10.0,
                assumptions.basis());
    }
}
