package dev.capplanner.snapshot.rest;

import jakarta.enterprise.context.RequestScoped;

/** The operator an admin request was authenticated as (set by the admin guard, read by the audited endpoints). */
@RequestScoped
public class AdminOperator {

    private String identity;

    void authenticatedAs(String operator) {
        this.identity = operator;
    }

    /** The authenticated identity; only admin requests, which the guard let through, have one. */
    public String identity() {
        if (identity == null) {
            throw new IllegalStateException("no authenticated operator on this request");
        }
        return identity;
    }
}
