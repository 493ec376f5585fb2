"""Kitchen tools written for tscg's tests, grouped in classes as CrewAI's
example crews group their LangChain tools: each `@tool` in a class body
makes the class attribute a tool object when the class is created."""

from langchain.tools import tool


class KitchenTools():

  @tool("Weigh an ingredient")
  def weigh(ingredient):
    """Useful to weigh an ingredient
    before it goes into the bowl"""
    return 0

  @tool("Set a timer")
  def set_timer(minutes: int, label: str = "oven"):
    """Starts a kitchen timer that rings after the given minutes."""
    return label


class PantryTools:
	@tool
	def find_jar(label: str):
		"""Find a jar in the pantry by its label.
		The label is written on the lid.
		"""
		return label

	def tools():
		return [PantryTools.find_jar]
