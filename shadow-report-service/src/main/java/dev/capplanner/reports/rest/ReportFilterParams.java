package dev.capplanner.reports.rest;

import dev.capplanner.reports.shadow.ReportQuery;
import jakarta.ws.rs.QueryParam;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;

/** The query parameters that filter reports, shared by the list, the summary and the export. */
public class ReportFilterParams {

    @QueryParam("tenantId")
    String tenantId;
    @QueryParam("from")
    String from;
    @QueryParam("to")
    String to;
    @QueryParam("mode")
    String mode;
    @QueryParam("agreement")
    Boolean agreement;
    @QueryParam("divergence")
    String divergence;
    @QueryParam("fallback")
    Boolean fallback;
    @QueryParam("corrected")
    Boolean corrected;
    @QueryParam("invalidPlan")
    Boolean invalidPlan;
    @QueryParam("prematureAvoided")
    Boolean prematureAvoided;
    @QueryParam("reviewed")
    Boolean reviewed;
    @QueryParam("baseline")
    Boolean baseline;

    ReportQuery query(Set<String> visibleTenants, int page, int size, ReportQuery.Order order) {
        return new ReportQuery(visibleTenants, blankToNull(tenantId), from(), to(), page, size,
                new ReportQuery.Filters(blankToNull(mode), agreement, blankToNull(divergence), fallback, corrected,
                        invalidPlan, prematureAvoided, reviewed, baseline), order);
    }

    Instant from() {
        return instant("from", from);
    }

    Instant to() {
        return instant("to", to);
    }

    String tenantId() {
        return blankToNull(tenantId);
    }

    static Instant instant(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + name + "' must be an ISO-8601 instant such as 2026-11-30T00:00:00Z");
        }
    }

    static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
