package dev.capplanner.contracts.events;

import java.util.List;

/** The authenticated user a chat backend acts for. */
public record Principal(String userId, List<String> roles) {
    public Principal {
        roles = List.copyOf(roles);
    }
}
