package dev.capplanner.snapshot.rest;

import dev.capplanner.principals.rest.InternalCallers;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The snapshot service's internal API answers only services holding its scope
 * ({@link InternalCallers}): snapshots by hash ({@code snapshots:read}: router, planner, executor),
 * an audience's current snapshot ({@code snapshots:audience}: the router's discovery offer) and live
 * authorization ({@code authorizations}: the executor, which asks there too whether troubleshooting is
 * on) and registered call targets
 * ({@code targets:read}: the executor). Every other caller, with or without another
 * service's credential, is refused before the resource runs.
 */
public class InternalApiGuard {

    static final String SNAPSHOTS_READ = "snapshots:read";
    static final String SNAPSHOTS_AUDIENCE = "snapshots:audience";
    static final String AUTHORIZATIONS = "authorizations";
    static final String TARGETS_READ = "targets:read";

    private final InternalCallers callers;

    public InternalApiGuard(InternalCallers callers) {
        this.callers = callers;
    }

    @ServerRequestFilter
    public Optional<Response> guard(ContainerRequestContext request) {
        String scope = scopeOf(request.getMethod(), request.getUriInfo().getPath());
        return scope == null ? Optional.empty()
                : callers.refusal(request.getHeaders().get(HttpHeaders.AUTHORIZATION), scope);
    }

    /** The scope a call needs, or null for a path outside the internal API (admin, health). */
    static String scopeOf(String method, String path) {
        if (path.equals("/snapshots") || path.startsWith("/snapshots/")) {
            return method.equals("GET") && path.startsWith("/snapshots/") ? SNAPSHOTS_READ : SNAPSHOTS_AUDIENCE;
        }
        if (path.equals("/authorizations") || path.startsWith("/authorizations/")) {
            return AUTHORIZATIONS;
        }
        if (path.equals("/targets") || path.startsWith("/targets/")) {
            return TARGETS_READ;
        }
        return null;
    }
}
