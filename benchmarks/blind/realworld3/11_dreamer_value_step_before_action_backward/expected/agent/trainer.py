import torch
import torch.nn.functional as F
from torch.nn.utils import clip_grad_norm_

from .utils import lambda_target


class DreamerTrainer:
    def __init__(self, transition, value_model, action_model, args):
        self.transition = transition
        self.value_model = value_model
        self.action_model = action_model
        self.args = args
        self.model_optimizer = torch.optim.Adam(transition.parameters(), lr=args.model_lr)
        self.value_optimizer = torch.optim.Adam(value_model.parameters(), lr=args.value_lr)
        self.action_optimizer = torch.optim.Adam(action_model.parameters(), lr=args.action_lr)

    def update_model(self, obs, actions, rewards, next_obs):
        s = self.transition.encoder(obs)
        s_next_pred = self.transition.prior(s, actions)
        s_next = self.transition.encoder(next_obs)
        model_loss = F.mse_loss(s_next_pred, s_next.detach()) + \
            F.mse_loss(self.transition.reward(s_next_pred), rewards)
        self.model_optimizer.zero_grad()
        model_loss.backward()
        clip_grad_norm_(self.transition.parameters(), self.args.clip_grad_norm)
        self.model_optimizer.step()
        return s.detach()

    def update_behavior(self, start_states):
        args = self.args
        # imagine trajectories with the current policy (model frozen)
        for p in self.transition.parameters():
            p.requires_grad_(False)
        state = start_states
        imaginated_states, imaginated_rewards = [], []
        for h in range(args.imagination_horizon + 1):
            action = self.action_model(state)
            state = self.transition.prior(state, action)
            imaginated_states.append(state)
            imaginated_rewards.append(self.transition.reward(state))
        for p in self.transition.parameters():
            p.requires_grad_(True)
        imaginated_states = torch.stack(imaginated_states)
        imaginated_rewards = torch.stack(imaginated_rewards)

        flatten_states = imaginated_states.view(-1, imaginated_states.shape[-1])
        imaginated_values = self.value_model(flatten_states).view(args.imagination_horizon + 1, -1, 1)
        lambda_target_values = lambda_target(imaginated_rewards, imaginated_values, args.gamma, args.lambda_)

        # update action model (multiply -1 for gradient ascent)
        action_loss = -1 * (lambda_target_values.mean())
        self.action_optimizer.zero_grad()
        action_loss.backward()
        clip_grad_norm_(self.action_model.parameters(), args.clip_grad_norm)
        self.action_optimizer.step()

        # update_value model
        value_loss = 0.5 * F.mse_loss(self.value_model(flatten_states.detach()).view_as(lambda_target_values),
                                      lambda_target_values.detach())
        self.value_optimizer.zero_grad()
        value_loss.backward()
        clip_grad_norm_(self.value_model.parameters(), args.clip_grad_norm)
        self.value_optimizer.step()
        return value_loss.item(), action_loss.item()
