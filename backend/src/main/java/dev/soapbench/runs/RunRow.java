package dev.soapbench.runs;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A row of {@code runs}; JSON columns as text. */
record RunRow(
        UUID id,
        String slug,
        String status,
        String visibility,
        UUID ownerTokenId,
        OffsetDateTime createdAt,
        OffsetDateTime startedAt,
        OffsetDateTime finishedAt,
        String catalogId,
        String fileName,
        String entry,
        String hardwareClass,
        String workload,
        String analysis,
        String configHash,
        String failure,
        String fingerprint,
        String workerId,
        String manageTokenSha256,
        OffsetDateTime cancelRequestedAt) {

    boolean isFinished() {
        return RunStatus.isFinished(status);
    }
}
