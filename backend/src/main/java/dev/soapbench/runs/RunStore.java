package dev.soapbench.runs;

import dev.soapbench.dispatch.Outbox;
import dev.soapbench.limits.WorkQuota;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Stores a {@link RunPlan}: the run, its bundle, samples, stacks, CI context, its job in the
 * outbox and the quota charge, in one short transaction, so a run is stored if and only if its job
 * will be sent. It joins the caller's transaction if there is one (a study stores all its cells in
 * one).
 */
@Component
class RunStore {

    private final RunRepository runs;
    private final Outbox outbox;
    private final WorkQuota quota;

    RunStore(RunRepository runs, Outbox outbox, WorkQuota quota) {
        this.runs = runs;
        this.outbox = outbox;
        this.quota = quota;
    }

    @Transactional
    public void store(RunPlan plan) {
        RunRow run = plan.run();
        plan.charge().ifPresent(charge -> quota.charge(charge.caller(), charge.workerSeconds(), charge.subject()));
        runs.insertRun(run);
        runs.insertBundle(run.id(), plan.bundleFiles());
        plan.headBundleFiles().ifPresent(files -> runs.insertHeadBundle(run.id(), files));
        runs.insertSamples(run.id(), plan.samples());
        plan.stacks().forEach(stack -> runs.insertStack(run.id(), stack));
        plan.ci().ifPresent(ci -> runs.insertCi(run.id(), ci));
        plan.job().ifPresent(outbox::enqueue);
    }
}
