package dev.capplanner.importing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.Relationship;
import dev.capplanner.importing.openapi.OpenApiImporter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A REST API whose calls chain through its paths, not through field names: {@code {FleetSid}} under
 * {@code /Fleets/} is fed by the list of Fleets under the same parent at its items' {@code sid};
 * a deeper parameter by the list under its own parent; a {@code .json} suffix does not matter.
 */
class ResourceHierarchyTest {

    private static final String FLEETS = """
            {"openapi": "3.0.1", "info": {"title": "Fleet", "version": "1"}, "paths": {
              "/v2/Tenants/{TenantSid}/Fleets.json": {"get": {"operationId": "ListFleet",
                "parameters": [{"name": "TenantSid", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                  "properties": {"fleets": {"type": "array", "items": {"type": "object", "properties": {
                    "sid": {"type": "string"}, "tenant_sid": {"type": "string"}, "unique_name": {"type": "string"}}}},
                    "meta": {"type": "object", "properties": {"key": {"type": "string"}}}}}}}}}}},
              "/v2/Tenants/{TenantSid}/Fleets/{FleetSid}/Vehicles.json": {"get": {"operationId": "ListVehicle",
                "parameters": [{"name": "TenantSid", "in": "path", "required": true, "schema": {"type": "string"}},
                               {"name": "FleetSid", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                  "properties": {"vehicles": {"type": "array", "items": {"type": "object", "properties": {
                    "sid": {"type": "string"}, "fleet_sid": {"type": "string"}}}}}}}}}}}},
              "/v2/Tenants/{TenantSid}/Fleets/{FleetSid}/Vehicles/{Sid}.json": {"get": {"operationId": "FetchVehicle",
                "parameters": [{"name": "TenantSid", "in": "path", "required": true, "schema": {"type": "string"}},
                               {"name": "FleetSid", "in": "path", "required": true, "schema": {"type": "string"}},
                               {"name": "Sid", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                  "properties": {"sid": {"type": "string"}, "fleet_sid": {"type": "string"}}}}}}}}},
              "/v2/Tenants/{TenantSid}/Usage/Triggers.json": {"get": {"operationId": "ListUsageTrigger",
                "parameters": [{"name": "TenantSid", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok"}}}}
            }}""";

    private static ImportResult fleets() throws Exception {
        return new OpenApiImporter().importDocument(new ObjectMapper().readTree(FLEETS), "fleet");
    }

    private static List<String> fed(ImportResult result, String consumer, String input) {
        return result.relationships().stream()
                .filter(r -> r.consumer().equals("api:fleet/" + consumer) && r.input().equals(input))
                .map(r -> r.provider().substring("api:fleet/".length()) + " " + r.outputPath()).toList();
    }

    @Test
    void aPathParameterIsFedByTheListOfItsCollectionUnderTheSameParent() throws Exception {
        ImportResult result = fleets();
        assertThat(fed(result, "ListVehicle", "FleetSid")).contains("ListFleet fleets[].sid");
        assertThat(fed(result, "FetchVehicle", "FleetSid")).contains("ListFleet fleets[].sid");
        assertThat(fed(result, "FetchVehicle", "Sid")).contains("ListVehicle vehicles[].sid");
        Relationship explained = result.relationships().stream()
                .filter(r -> r.consumer().equals("api:fleet/FetchVehicle") && r.input().equals("Sid")).findFirst()
                .orElseThrow();
        assertThat(explained.because()).isEqualTo(
                "{Sid} follows /Vehicles/ in the path, and ListVehicle lists Vehicles under the same parent");
    }

    @Test
    void noListOfTheCollectionNoRelationshipAndANounIsNotAVerb() throws Exception {
        ImportResult result = fleets();
        assertThat(fed(result, "ListFleet", "TenantSid")).as("no list of Tenants in the document").isEmpty();
        assertThat(result.capabilities().stream().filter(c -> c.name().equals("ListUsageTrigger")).findFirst()
                .orElseThrow().readOnly()).as("a Trigger resource listed is a read").isTrue();
    }

    private static final String PLURALS = """
            {"openapi": "3.0.1", "info": {"title": "Zones", "version": "1"}, "paths": {
              "/zones/{zone}/ips": {"get": {"operationId": "ListIps",
                "parameters": [{"name": "zone", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array",
                  "items": {"type": "object", "properties": {"id": {"type": "string"}}}}}}}}}},
              "/zones/{zone}/ips/{ip}": {"get": {"operationId": "GetIp",
                "parameters": [{"name": "zone", "in": "path", "required": true, "schema": {"type": "string"}},
                               {"name": "ip", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok"}}}},
              "/zones/{zone}/branches": {"get": {"operationId": "ListBranches",
                "parameters": [{"name": "zone", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array",
                  "items": {"type": "object", "properties": {"id": {"type": "string"}}}}}}}}}},
              "/zones/{zone}/branches/{branch}": {"get": {"operationId": "GetBranch",
                "parameters": [{"name": "zone", "in": "path", "required": true, "schema": {"type": "string"}},
                               {"name": "branch", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok"}}}}
            }}""";

    @Test
    void anItemParameterNamedAfterItsCollectionInTheSingularIsFedByThatCollection() throws Exception {
        ImportResult result = new OpenApiImporter().importDocument(new ObjectMapper().readTree(PLURALS), "fleet");
        assertThat(fed(result, "GetIp", "ip")).as("a short plural").contains("ListIps [].id");
        assertThat(fed(result, "GetBranch", "branch")).as("a plural in -es").contains("ListBranches [].id");
    }
}
