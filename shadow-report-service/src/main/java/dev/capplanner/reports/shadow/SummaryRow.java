package dev.capplanner.reports.shadow;

import java.time.Instant;

/**
 * One tenant's reports in one time bucket: how many, the rates of agreement, fallback to classic,
 * invalid capability plans and model corrections, how many times the capability plan found calls
 * where classic gave up, and the capability planner's latency and prompt-token percentiles (null
 * when no model was asked); beside them the A/A baseline's comparisons and agreement rate (the legacy
 * path against itself: which agreement means "no difference"; null when none ran).
 */
public record SummaryRow(String tenantId, Instant bucket, long reports, double agreementRate, double fallbackRate,
                         double invalidPlanRate, double correctionRate, long prematureInsufficientAvoided,
                         Double latencyP50Ms, Double latencyP95Ms, Double promptTokensP50, Double promptTokensP95,
                         long baselineReports, Double baselineAgreementRate) {
}
