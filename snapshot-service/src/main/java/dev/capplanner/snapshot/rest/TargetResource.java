package dev.capplanner.snapshot.rest;

import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import dev.capplanner.contracts.snapshotservice.TargetQuestion;
import dev.capplanner.snapshot.connection.ConnectionTargets;
import dev.capplanner.snapshot.persistence.ConnectionRepository;
import dev.capplanner.snapshot.persistence.LiveRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Where a registered connection's calls go ({@code targets:read}: the executor): so that
 * registering a source is one admin call, with no executor configuration or restart. Answers only
 * from the asking tenant's and project's own enabled connections; the credential is a reference.
 */
@Path("/targets")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class TargetResource {

    private final ConnectionRepository connections;
    private final LiveRegistry registry;

    public TargetResource(ConnectionRepository connections, LiveRegistry registry) {
        this.connections = connections;
        this.registry = registry;
    }

    @POST
    public Uni<TargetAnswer> find(TargetQuestion question) {
        if (question == null || blank(question.tenantId()) || blank(question.projectId()) || blank(question.target())) {
            throw new BadRequestException("tenantId, projectId and target are required");
        }
        // The revision is read first: an answer is never newer than the revision it claims.
        return registry.current().chain(state -> connections.enabledRegistrationsOf(question.tenantId(),
                        question.projectId())
                .map(registrations -> ConnectionTargets.find(registrations, question.target(), state.revision())
                        .orElseThrow(() -> new NotFoundException("no registered target " + question.target()
                                + " for this tenant and project"))));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
