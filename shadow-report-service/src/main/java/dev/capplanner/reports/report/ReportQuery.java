package dev.capplanner.reports.report;

import java.time.Instant;
import java.util.Set;

/**
 * An analyst's filter: tenant (optional), time range [from, to) (each optional), and a page, always
 * within the tenants the caller may read ({@code visibleTenants}: never empty, never widened by the
 * filter). Page sizes are clamped to 1..100 so one request cannot pull the whole table.
 */
public record ReportQuery(Set<String> visibleTenants, String tenantId, Instant from, Instant to, int page, int size) {

    public static final int DEFAULT_SIZE = 20;
    public static final int MAX_SIZE = 100;

    public ReportQuery {
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
