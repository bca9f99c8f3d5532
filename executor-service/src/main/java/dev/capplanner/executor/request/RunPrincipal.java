package dev.capplanner.executor.request;

import java.util.List;

/** The user a run acts for, as the live authorization check is asked about it. */
public record RunPrincipal(String userId, List<String> roles) {
    public RunPrincipal {
        roles = List.copyOf(roles);
    }
}
