package sqlfunc

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/spatial"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// stDistance is ST_DISTANCE of two Cartesian geometries as MySQL measures
// it: 0 when they intersect or one lies inside a polygon of the other,
// else the shortest distance between their vertices and edges. GMS's
// measured between vertices only: a point 2 below a triangle's edge was
// 2.5 away, a point inside it 1.41. Other SRIDs and a unit argument keep
// GMS's answers (its errors).
type stDistance struct {
	*spatial.Distance
}

var _ sql.FunctionExpression = (*stDistance)(nil)

func newSTDistance(args ...sql.Expression) (sql.Expression, error) {
	d, err := spatial.NewDistance(args...)
	if err != nil {
		return nil, err
	}
	return &stDistance{d.(*spatial.Distance)}, nil
}

func (d *stDistance) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newSTDistance(children...)
}

func (d *stDistance) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if len(d.ChildExpressions) != 2 {
		return d.Distance.Eval(ctx, row)
	}
	v1, err := d.ChildExpressions[0].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	v2, err := d.ChildExpressions[1].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	g1, ok1 := v1.(types.GeometryValue)
	g2, ok2 := v2.(types.GeometryValue)
	if !ok1 || !ok2 || g1.GetSRID() != types.CartesianSRID || g2.GetSRID() != types.CartesianSRID {
		return d.Distance.Eval(ctx, row)
	}
	var s1, s2 shapes
	s1.add(g1)
	s2.add(g2)
	if len(s1.points) == 0 || len(s2.points) == 0 {
		return d.Distance.Eval(ctx, row)
	}
	return shapeDistance(&s1, &s2), nil
}

type seg struct{ a, b types.Point }

// shapes is a geometry taken apart: its vertices, its edges and its
// polygons (for containment).
type shapes struct {
	points []types.Point
	segs   []seg
	polys  []types.Polygon
}

func (s *shapes) addLine(l types.LineString) {
	s.points = append(s.points, l.Points...)
	for i := 1; i < len(l.Points); i++ {
		s.segs = append(s.segs, seg{l.Points[i-1], l.Points[i]})
	}
}

func (s *shapes) add(g types.GeometryValue) {
	switch x := g.(type) {
	case types.Point:
		s.points = append(s.points, x)
	case types.MultiPoint:
		s.points = append(s.points, x.Points...)
	case types.LineString:
		s.addLine(x)
	case types.MultiLineString:
		for _, l := range x.Lines {
			s.addLine(l)
		}
	case types.Polygon:
		s.polys = append(s.polys, x)
		for _, l := range x.Lines {
			s.addLine(l)
		}
	case types.MultiPolygon:
		for _, p := range x.Polygons {
			s.add(p)
		}
	case types.GeomColl:
		for _, c := range x.Geoms {
			s.add(c)
		}
	}
}

func shapeDistance(a, b *shapes) float64 {
	for _, p := range a.points {
		if insideAny(p, b.polys) {
			return 0
		}
	}
	for _, p := range b.points {
		if insideAny(p, a.polys) {
			return 0
		}
	}
	for _, s := range a.segs {
		for _, t := range b.segs {
			if segmentsCross(s, t) {
				return 0
			}
		}
	}
	best := math.Inf(1)
	near := func(ps []types.Point, segs []seg, qs []types.Point) {
		for _, p := range ps {
			for _, s := range segs {
				best = math.Min(best, pointSegment(p, s))
			}
			if len(segs) == 0 {
				for _, q := range qs {
					best = math.Min(best, math.Hypot(p.X-q.X, p.Y-q.Y))
				}
			}
		}
	}
	near(a.points, b.segs, b.points)
	near(b.points, a.segs, a.points)
	return best
}

// insideAny: p is inside (or on) a polygon: inside its outer ring and not
// strictly inside a hole.
func insideAny(p types.Point, polys []types.Polygon) bool {
	for _, poly := range polys {
		if len(poly.Lines) == 0 || !inRing(p, poly.Lines[0]) {
			continue
		}
		inHole := false
		for _, h := range poly.Lines[1:] {
			if inRing(p, h) && !onRing(p, h) {
				inHole = true
				break
			}
		}
		if !inHole {
			return true
		}
	}
	return false
}

// inRing is the even-odd test, with the ring's edges counted inside.
func inRing(p types.Point, r types.LineString) bool {
	if onRing(p, r) {
		return true
	}
	in := false
	pts := r.Points
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

func onRing(p types.Point, r types.LineString) bool {
	for i := 1; i < len(r.Points); i++ {
		if pointSegment(p, seg{r.Points[i-1], r.Points[i]}) == 0 {
			return true
		}
	}
	return false
}

func pointSegment(p types.Point, s seg) float64 {
	dx, dy := s.b.X-s.a.X, s.b.Y-s.a.Y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return math.Hypot(p.X-s.a.X, p.Y-s.a.Y)
	}
	t := math.Max(0, math.Min(1, ((p.X-s.a.X)*dx+(p.Y-s.a.Y)*dy)/l2))
	return math.Hypot(p.X-(s.a.X+t*dx), p.Y-(s.a.Y+t*dy))
}

// segmentsCross: the segments share a point.
func segmentsCross(s, t seg) bool {
	o := func(a, b, c types.Point) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }
	d1, d2 := o(t.a, t.b, s.a), o(t.a, t.b, s.b)
	d3, d4 := o(s.a, s.b, t.a), o(s.a, s.b, t.b)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	return pointSegment(s.a, t) == 0 || pointSegment(s.b, t) == 0 || pointSegment(t.a, s) == 0 || pointSegment(t.b, s) == 0
}

func init() {
	functions["st_distance"] = sql.FunctionN{Name: "st_distance", Fn: newSTDistance}
}
