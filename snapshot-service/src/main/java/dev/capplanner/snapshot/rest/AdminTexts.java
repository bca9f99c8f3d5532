package dev.capplanner.snapshot.rest;

import jakarta.ws.rs.BadRequestException;

/** What audited admin requests check alike: the operator is the token's identity, texts are given and bounded. */
final class AdminTexts {

    private AdminTexts() {
    }

    /** The caller's identity; a request that states another operator is refused. */
    static String authenticated(AdminOperator operator, String stated) {
        String identity = operator.identity();
        if (stated != null && !stated.strip().equals(identity)) {
            throw new BadRequestException("operator is the identity of your admin token (" + identity
                    + "), not one you state");
        }
        return identity;
    }

    static String required(String field, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new BadRequestException(field + " is required");
        }
        if (value.length() > maxLength) {
            throw new BadRequestException(field + " is longer than " + maxLength + " characters");
        }
        return value.strip();
    }
}
