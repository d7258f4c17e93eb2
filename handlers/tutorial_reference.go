package handlers

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"reversi/views"
)

// referencePage is one of the reference pages: the rules, strategy, FAQ
// and history, written in our own words.
type referencePage struct {
	path, page string
	title      views.Text
	build      func() (views.ReferencePage, error)
}

var referencePages = []referencePage{
	{"/rules", views.Rules, views.RulesTitle(), func() (views.ReferencePage, error) { return views.Reference("rules") }},
	{"/strategy", views.Strategy, views.StrategyTitle(), func() (views.ReferencePage, error) { return views.Reference("strategy") }},
	{"/faq", views.FAQ, views.FAQTitle(), func() (views.ReferencePage, error) { return views.Reference("faq") }},
	{"/history", views.History, views.HistoryTitle(), func() (views.ReferencePage, error) { return views.Reference("history") }},
}

func (s *Server) reference(ref referencePage) func(*gin.Context) error {
	return func(c *gin.Context) error {
		page, err := ref.build()
		if err != nil {
			return fmt.Errorf("%s page: %w", ref.page, err)
		}
		page.Base = s.base(c.Request, ref.title, views.SkipToMain())
		page.Heading = ref.title
		s.writePage(c.Writer, c.Request, http.StatusOK, ref.page, page)
		return nil
	}
}
