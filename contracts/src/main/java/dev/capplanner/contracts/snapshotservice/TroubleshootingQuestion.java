package dev.capplanner.contracts.snapshotservice;

/**
 * {@code POST /authorizations/troubleshooting}: has an operator turned troubleshooting on for this
 * user (or every user) of the tenant, right now? Answered {@code {"on": true|false}}.
 */
public record TroubleshootingQuestion(String tenantId, String userId) {
}
