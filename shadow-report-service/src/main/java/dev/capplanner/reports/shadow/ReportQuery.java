package dev.capplanner.reports.shadow;

import java.time.Instant;
import java.util.Set;

/**
 * An analyst's filter: tenant (optional), time range [from, to) (each optional), and a page, always
 * within the tenants the caller may read ({@code visibleTenants}: never empty, never widened by the
 * filter). Page sizes are clamped to 1..100 so one request cannot pull the whole table.
 */
public record ReportQuery(Set<String> visibleTenants, String tenantId, Instant from, Instant to, int page, int size,
                          Filters filters, Order order) {

    public static final int DEFAULT_SIZE = 20;
    public static final int MAX_SIZE = 100;

    /**
     * What the reports must be (each null: any): the mode, whether both plans agree, how they diverge
     * ({@link ReportSignals#KINDS}), whether capability mode fell back, whether the model's plan was
     * corrected or ended invalid, whether classic gave up where the capability plan has calls
     * (premature insufficient avoided), whether a reviewer has given a verdict, whether it is an A/A
     * baseline comparison.
     */
    public record Filters(String mode, Boolean agreement, String divergence, Boolean fallback, Boolean corrected,
                          Boolean invalidPlan, Boolean prematureAvoided, Boolean reviewed, Boolean baseline) {

        public static final Filters NONE = new Filters(null, null, null, null, null, null, null, null, null);

        public Filters(String mode, Boolean agreement, String divergence, Boolean fallback, Boolean corrected,
                       Boolean invalidPlan, Boolean prematureAvoided, Boolean reviewed) {
            this(mode, agreement, divergence, fallback, corrected, invalidPlan, prematureAvoided, reviewed, null);
        }

        public Filters {
            if (divergence != null && !ReportSignals.KINDS.contains(divergence)) {
                throw new IllegalArgumentException("'divergence' must be one of " + String.join(", ", ReportSignals.KINDS));
            }
        }
    }

    /** The order of a page: by when the turn happened or by the capability planner's latency. */
    public enum Order {
        NEWEST, OLDEST, SLOWEST, FASTEST;

        /** {@code occurredAt} / {@code -occurredAt} (newest first, the default), {@code latency} / {@code -latency}. */
        public static Order parse(String sort) {
            if (sort == null || sort.isBlank() || sort.equals("-occurredAt")) {
                return NEWEST;
            }
            switch (sort) {
                case "occurredAt":
                    return OLDEST;
                case "-latency":
                    return SLOWEST;
                case "latency":
                    return FASTEST;
                default:
                    throw new IllegalArgumentException("'sort' must be occurredAt, -occurredAt, latency or -latency");
            }
        }
    }

    public ReportQuery(Set<String> visibleTenants, String tenantId, Instant from, Instant to, int page, int size) {
        this(visibleTenants, tenantId, from, to, page, size, Filters.NONE, Order.NEWEST);
    }

    public ReportQuery {
        filters = filters == null ? Filters.NONE : filters;
        order = order == null ? Order.NEWEST : order;
        visibleTenants = Set.copyOf(visibleTenants);
        if (visibleTenants.isEmpty()) {
            throw new TenantNotVisibleException("the caller may read no tenant's reports");
        }
        if (tenantId != null && !visibleTenants.contains(tenantId)) {
            throw new TenantNotVisibleException("the caller may not read tenant " + tenantId + "'s reports");
        }
        if (from != null && to != null && !from.isBefore(to)) {
            throw new IllegalArgumentException("'from' must be before 'to'");
        }
        page = Math.max(0, page);
        size = Math.max(1, Math.min(MAX_SIZE, size));
    }

    /** The tenants the query reads: the one asked for, or every tenant the caller may read. */
    public Set<String> tenants() {
        return tenantId != null ? Set.of(tenantId) : visibleTenants;
    }

    /** A filter on a tenant the caller may not read. */
    public static final class TenantNotVisibleException extends RuntimeException {
        public TenantNotVisibleException(String message) {
            super(message, null, false, false);
        }
    }
}
