package dev.capplanner.snapshot.rest;

import dev.capplanner.snapshot.config.SnapshotConfig;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Only the holder of the admin token (the admin role) reaches {@code /admin}; with no token
 * configured nobody does. The token is compared in constant time and never logged.
 */
public class AdminGuard {

    private static final String BEARER = "Bearer ";

    private final Optional<byte[]> token;

    public AdminGuard(SnapshotConfig config) {
        this.token = config.adminToken().filter(t -> !t.isBlank()).map(t -> t.getBytes(StandardCharsets.UTF_8));
    }

    @ServerRequestFilter
    public Optional<Response> guard(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!path.equals("/admin") && !path.startsWith("/admin/")) {
            return Optional.empty();
        }
        if (token.isEmpty()) {
            return Optional.of(refuse(Response.Status.FORBIDDEN, "the admin API is disabled: no admin token configured"));
        }
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.startsWith(BEARER)) {
            return Optional.of(refuse(Response.Status.UNAUTHORIZED, "admin token required"));
        }
        byte[] offered = header.substring(BEARER.length()).getBytes(StandardCharsets.UTF_8);
        if (!MessageDigest.isEqual(offered, token.get())) {
            return Optional.of(refuse(Response.Status.FORBIDDEN, "not an admin"));
        }
        return Optional.empty();
    }

    private static Response refuse(Response.Status status, String message) {
        return Response.status(status).type(MediaType.TEXT_PLAIN).entity(message).build();
    }
}
