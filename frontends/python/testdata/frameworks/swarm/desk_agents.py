import json

from swarm import Swarm, Agent

client = Swarm()


def greeting(context_variables):
    return f"Greet {context_variables.get('name', 'the guest')}."


def book_room(guest, floor="ground"):
    """Book a room for a guest. Guest MUST be a full name."""
    return json.dumps({"guest": guest, "floor": floor})


def send_note(room, heading, text):
    print(f"Note for {room}: {heading}")
    return "Sent!"


def room_price(room) -> str:
    return "{'price': 90, 'currency': 'EUR'}"


def show_guest(context_variables: dict):
    name = context_variables.get("name", None)
    return f"Guest: {name}"


desk_agent = Agent(
    name="Desk Agent",
    instructions="You run the front desk.",
    functions=[book_room, send_note],
)

price_agent = Agent(
    name="Price Agent",
    instructions=greeting,
    functions=[room_price, show_guest],
)

response = client.run(agent=price_agent, messages=[{"role": "user", "content": "How much?"}], context_variables={"name": "Ada"})
print(response.messages[-1]["content"])
