package dev.capplanner.principals.services;

import java.util.Set;

/** A service allowed to call this one's internal API, and the only scopes it is granted (deny by default). */
public record ServiceCaller(String name, Set<String> scopes) {

    public ServiceCaller {
        scopes = Set.copyOf(scopes);
    }

    public boolean may(String scope) {
        return scopes.contains(scope);
    }
}
