package dev.capplanner.eventbus.warmup;

import dev.capplanner.contracts.SampleEvents;
import dev.capplanner.contracts.events.RunEvent;
import dev.capplanner.eventbus.StageRunner;
import jakarta.enterprise.context.ApplicationScoped;

/** Every event type written and read back through the service's own {@link StageRunner}. */
@ApplicationScoped
public class EventCodecWarmUp implements WarmUp {

    private final StageRunner runner;

    public EventCodecWarmUp(StageRunner runner) {
        this.runner = runner;
    }

    @Override
    public String name() {
        return "event-codec";
    }

    @Override
    public void pass() {
        for (RunEvent sample : SampleEvents.all()) {
            if (!runner.rehearse(sample).equals(sample)) {
                throw new IllegalStateException(sample.getClass().getSimpleName() + " did not read back as written");
            }
        }
    }
}
