package dev.capplanner.reports.rest;

import dev.capplanner.reports.persistence.ShadowReportRepository;
import dev.capplanner.reports.shadow.ReportPage;
import dev.capplanner.reports.shadow.ReportQuery;
import dev.capplanner.reports.shadow.ShadowReport;
import io.smallrye.mutiny.Multi;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A filtered query as CSV ({@code /reports/export/csv}) or JSON ({@code /reports/export/json}), oldest
 * first, streamed page by page (100 reports a page), so an export of any size never sits in memory
 * whole; the filters are those of {@code GET /reports}. Everything exported was masked when stored.
 */
@Path("/reports/export")
@RolesAllowed(ReportResource.ANALYST)
public class ExportResource {

    static final List<String> COLUMNS = List.of("runId", "iteration", "tenantId", "projectId", "mode", "occurredAt",
            "agreement", "divergenceKind", "fallbackReason", "corrected", "invalidPlan", "prematureAvoided",
            "verdict", "capabilityLatencyMs", "promptTokens", "candidates", "question");

    private final ShadowReportRepository repository;
    private final CallerTenants callerTenants;

    public ExportResource(ShadowReportRepository repository, CallerTenants callerTenants) {
        this.repository = repository;
        this.callerTenants = callerTenants;
    }

    /** The query as CSV, one header line then one line per report. */
    @GET
    @Path("/csv")
    @Produces("text/csv")
    public Multi<String> csv(@BeanParam ReportFilterParams filter) {
        return Multi.createBy().concatenating().streams(Multi.createFrom().item(String.join(",", COLUMNS) + "\n"),
                reports(filter).map(this::csvLine));
    }

    /** The query as one JSON array of reports, written as they are read. */
    @GET
    @Path("/json")
    @Produces(MediaType.APPLICATION_JSON)
    public Multi<ShadowReport> json(@BeanParam ReportFilterParams filter) {
        return reports(filter);
    }

    private Multi<ShadowReport> reports(ReportFilterParams filter) {
        var tenants = callerTenants.current();
        // Built once up front: a bad filter or another tenant is refused before anything is streamed.
        filter.query(tenants, 0, ReportQuery.MAX_SIZE, ReportQuery.Order.OLDEST);
        return Multi.createBy().repeating()
                .uni(() -> new int[] {0}, page -> repository.find(filter.query(tenants, page[0]++, ReportQuery.MAX_SIZE,
                        ReportQuery.Order.OLDEST)))
                .until(found -> found.items().isEmpty())
                .onItem().transformToIterable(ReportPage::items);
    }

    private String csvLine(ShadowReport r) {
        List<Object> values = List.of(r.runId(), r.iteration(), r.tenantId(), r.projectId(), r.mode(),
                r.occurredAt(), r.agreement(), r.signals() == null ? "" : r.signals().divergenceKind(),
                nullable(r.fallbackReason()), r.signals() != null && r.signals().corrected(),
                r.signals() != null && r.signals().invalidPlan(), r.signals() != null && r.signals().prematureAvoided(),
                r.review() == null ? "" : r.review().verdict(), r.capabilityLatencyMs(), nullable(r.promptTokens()),
                String.join(" ", r.candidates()), r.question());
        return values.stream().map(value -> cell(String.valueOf(value))).collect(Collectors.joining(",")) + "\n";
    }

    private static Object nullable(Object value) {
        return value == null ? "" : value;
    }

    /** RFC 4180: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is defused for spreadsheets. */
    static String cell(String value) {
        String safe = readAsFormula(value) ? "'" + value : value;
        if (safe.contains(",") || safe.contains("\"") || safe.contains("\n") || safe.contains("\r")) {
            return "\"" + safe.replace("\"", "\"\"") + "\"";
        }
        return safe;
    }

    /**
     * Whether a spreadsheet could take the cell for a formula: it starts with {@code = + - @}, or with
     * a tab, carriage return or line feed (which spreadsheets also treat as a formula start), or with
     * blanks before one of those.
     */
    private static boolean readAsFormula(String value) {
        int first = 0;
        while (first < value.length() && value.charAt(first) == ' ') {
            first++;
        }
        return first < value.length() && "=+-@\t\r\n".indexOf(value.charAt(first)) >= 0;
    }
}
