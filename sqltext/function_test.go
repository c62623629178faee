package sqltext

import "testing"

func TestStoredFunction(t *testing.T) {
	for _, c := range []struct {
		in               string
		create, ifExists bool
		name             string
		ok               bool
	}{
		{"CREATE FUNCTION f(x INT) RETURNS INT DETERMINISTIC RETURN x * 2", true, false, "", true},
		{"CREATE DEFINER=`root`@`%` FUNCTION `f`() RETURNS int", true, false, "", true},
		{"create aggregate function g returns string soname 'x.so'", true, false, "", true},
		{"DROP FUNCTION IF EXISTS `f`", false, true, "f", true},
		{"drop function d.f;", false, false, "d.f", true},
		{"CREATE PROCEDURE p() SELECT function_x()", false, false, "", false},
		{"CREATE TABLE function (a INT)", false, false, "", false},
		{"DROP FUNCTION f; SELECT 1", false, false, "", false},
		{"DROP PROCEDURE f", false, false, "", false},
		{"SELECT 'CREATE FUNCTION'", false, false, "", false},
		{"CREATE DATABASE c_015_functions", false, false, "", false},
		{"CREATE DATABASE function", false, false, "", false},
		{"CREATE VIEW v AS SELECT 1 AS function", false, false, "", false},
		{"  /* c */ CREATE OR REPLACE DEFINER = CURRENT_USER FUNCTION f() RETURNS INT RETURN 1", true, false, "", true},
	} {
		create, ifExists, name, ok := StoredFunction(c.in)
		if create != c.create || ifExists != c.ifExists || name != c.name || ok != c.ok {
			t.Errorf("StoredFunction(%q) = %v %v %q %v", c.in, create, ifExists, name, ok)
		}
	}
}
