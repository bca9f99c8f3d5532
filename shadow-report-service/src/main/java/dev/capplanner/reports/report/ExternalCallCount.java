package dev.capplanner.reports.report;

/**
 * What a run's iteration sent to remote systems (the executor's count): calls sent and refused, and
 * the planner whose plan ran. In shadow mode every counted call is the classic plan's: the
 * capability plan is only compared, so it causes none.
 */
public record ExternalCallCount(String plannedBy, int sent, int denied) {
}
