package dev.capplanner.reports.shadow;

import java.util.List;

/**
 * What a run's iteration sent to remote systems (the executor's count): calls sent and refused, and
 * the planner whose plan ran. In shadow mode every counted call is the classic plan's: the
 * capability plan is only compared, so it causes none. {@code plans}: what each capability plan that
 * ran decided (which version, which reason codes); empty when none ran.
 */
public record ExternalCallCount(String plannedBy, int sent, int denied, List<PlanDecided> plans) {

    public ExternalCallCount {
        plans = plans == null ? List.of() : List.copyOf(plans);
    }

    public ExternalCallCount(String plannedBy, int sent, int denied) {
        this(plannedBy, sent, denied, List.of());
    }
}
