import numpy as np
import torch as th
from torch import nn
from torch.optim import Adam

from MARL.single_agent.Model_common import ActorNetwork, CriticNetwork


def to_tensor_var(x, dtype="float"):
    if dtype == "float":
        return th.tensor(np.array(x), dtype=th.float32)
    return th.tensor(np.array(x), dtype=th.long)


class MAPPO:
    """
    An multi-agent learned with PPO
    reference: https://github.com/ChenglongChen/pytorch-DRL
    """
    def __init__(self, env, state_dim, action_dim, roll_out_n_steps=25, target_tau=1.,
                 target_update_steps=5, clip_param=0.2, reward_gamma=0.99, reward_scale=1.,
                 actor_hidden_size=128, critic_hidden_size=128,
                 actor_output_act=nn.functional.log_softmax, critic_loss="mse",
                 actor_lr=0.0001, critic_lr=0.0001, entropy_reg=0.01, max_grad_norm=0.5,
                 batch_size=32, episodes_before_train=0, test_seeds=0):
        self.env = env
        self.state_dim = state_dim
        self.action_dim = action_dim
        self.env_state = self.env.reset()
        self.n_episodes = 0
        self.n_agents = env.n_agents
        self.roll_out_n_steps = roll_out_n_steps
        self.reward_gamma = reward_gamma
        self.clip_param = clip_param
        self.entropy_reg = entropy_reg
        self.max_grad_norm = max_grad_norm
        self.batch_size = batch_size

        self.actor = ActorNetwork(self.state_dim, actor_hidden_size, self.action_dim,
                                  lambda x: actor_output_act(x, dim=-1))
        self.critic = CriticNetwork(self.state_dim, self.action_dim, critic_hidden_size, 1)
        self.actor_optimizer = Adam(self.actor.parameters(), lr=actor_lr)
        self.critic_optimizer = Adam(self.critic.parameters(), lr=critic_lr)
        self.memory = []
        self.episode_rewards = [0]

    # agent interact with the environment to collect experience
    def interact(self):
        states, actions, rewards = [], [], []
        done = False
        for i in range(self.roll_out_n_steps):
            states.append(self.env_state)
            action = self.exploration_action(self.env_state, self.n_agents)
            next_state, reward, done, _ = self.env.step(action)
            actions.append(action)
            rewards.append(reward)
            self.episode_rewards[-1] += float(np.mean(reward))
            self.env_state = next_state
            if done:
                self.env_state = self.env.reset()
                self.n_episodes += 1
                self.episode_rewards.append(0)
                break
        # discounted returns per agent
        returns = np.zeros_like(np.array(rewards))
        running = np.zeros(self.n_agents)
        for t in reversed(range(len(rewards))):
            running = rewards[t] + self.reward_gamma * running
            returns[t] = running
        self.memory = (states, actions, returns)

    # train on a roll out batch
    def train(self):
        states, actions, returns = self.memory
        states_var = to_tensor_var(states).view(-1, self.state_dim)
        actions_var = to_tensor_var(actions, "long").view(-1)
        returns_var = to_tensor_var(returns).view(-1, 1)
        with th.no_grad():
            old_log_probs = self.actor(states_var).gather(1, actions_var.unsqueeze(1))
        values = self.critic(states_var)
        advantages = (returns_var - values).detach()

        # update actor network
        self.actor_optimizer.zero_grad()
        action_log_probs = self.actor(states_var)
        entropy_loss = th.mean(-th.sum(th.exp(action_log_probs) * action_log_probs, 1))
        ratio = th.exp(action_log_probs.gather(1, actions_var.unsqueeze(1)) - old_log_probs)
        surr1 = ratio * advantages
        surr2 = th.clamp(ratio, 1.0 - self.clip_param, 1.0 + self.clip_param) * advantages
        actor_loss = -th.mean(th.min(surr1, surr2)) - entropy_loss * self.entropy_reg
        actor_loss.backward()
        nn.utils.clip_grad_norm_(self.actor.parameters(), self.max_grad_norm)
        self.actor_optimizer.step()

        # update critic network
        self.critic_optimizer.zero_grad()
        critic_loss = nn.functional.mse_loss(self.critic(states_var), returns_var)
        critic_loss.backward()
        nn.utils.clip_grad_norm_(self.critic.parameters(), self.max_grad_norm)
        self.critic_optimizer.step()
        return actor_loss.item(), critic_loss.item()

    # predict softmax action based on state
    def _softmax_action(self, state, n_agents):
        state_var = to_tensor_var([state])
        softmax_action = []
        for agent_id in range(n_agents):
            softmax_action_var = th.exp(self.actor(state_var[:, agent_id, :]))
            softmax_action.append(softmax_action_var.data.numpy()[0])
        return softmax_action

    # choose an action based on state with random noise added for exploration in training
    def exploration_action(self, state, n_agents):
        with th.no_grad():
            softmax_actions = self._softmax_action(state, n_agents)
        actions = []
        for pi in softmax_actions:
            actions.append(np.random.choice(np.arange(len(pi)), p=pi / pi.sum()))
        return actions
